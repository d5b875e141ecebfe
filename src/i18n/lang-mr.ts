// The Marathi catalogue: one chunk, downloaded only when the language is chosen.
import 'dayjs/locale/mr';
import type { Catalogue } from './catalogue';
import { registerEnglish } from './core';
import { domainEn } from './en/domain';
import { messagesEn } from './en/messages';
import { auth } from './mr/auth';
import { bidding } from './mr/bidding';
import { domain } from './mr/domain';
import { games } from './mr/games';
import { home } from './mr/home';
import { layout } from './mr/layout';
import { messages } from './mr/messages';
import { money } from './mr/money';
import { pages } from './mr/pages';

// English texts that arrive as text (domain validation, client defaults) are matched back to keys.
registerEnglish('domain', domainEn);
registerEnglish('messages', messagesEn);

export const tables: Catalogue = { auth, pages, money, bidding, domain, games, home, layout, messages };
