// English tables that only the Hindi and Marathi chunks need (to match English text back to keys
// in `localize`): their own chunk beside lang-hi and lang-mr, cached with them, never precached.
import { languageChunkHooks } from './core';
import { domainEn } from './en/domain';
import { messagesEn } from './en/messages';
import './localizer';

const { english } = languageChunkHooks();
english.set('domain', domainEn);
english.set('messages', messagesEn);
