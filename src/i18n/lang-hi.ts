// The Hindi catalogue: one chunk, downloaded only when the language is chosen.
import 'dayjs/locale/hi';
import type { Catalogue } from './catalogue';
import { registerEnglish } from './core';
import { domainEn } from './en/domain';
import { messagesEn } from './en/messages';
import { auth } from './hi/auth';
import { bidding } from './hi/bidding';
import { domain } from './hi/domain';
import { games } from './hi/games';
import { home } from './hi/home';
import { layout } from './hi/layout';
import { messages } from './hi/messages';
import { money } from './hi/money';
import { pages } from './hi/pages';

// English texts that arrive as text (domain validation, client defaults) are matched back to keys.
registerEnglish('domain', domainEn);
registerEnglish('messages', messagesEn);

export const tables: Catalogue = { auth, pages, money, bidding, domain, games, home, layout, messages };
