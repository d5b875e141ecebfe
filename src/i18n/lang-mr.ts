// The Marathi catalogue: one chunk, downloaded only when the language is chosen.
import type { Catalogue } from './catalogue';
import './lang-en';
import { auth } from './mr/auth';
import { bidding } from './mr/bidding';
import { common } from './mr/common';
import { domain } from './mr/domain';
import { games } from './mr/games';
import { home } from './mr/home';
import { layout } from './mr/layout';
import { lists } from './mr/lists';
import { maintenance } from './mr/maintenance';
import { messages } from './mr/messages';
import { money } from './mr/money';
import { notify } from './mr/notify';
import { otp } from './mr/otp';
import { pages } from './mr/pages';
import { play } from './mr/play';
import { screens } from './mr/screens';

export const tables: Catalogue = {
  screens,
  otp,
  lists,
  maintenance,
  auth,
  common,
  pages,
  money,
  bidding,
  domain,
  games,
  home,
  layout,
  messages,
  play,
  notify,
};
