// The Hindi catalogue: one chunk, downloaded only when the language is chosen.
import type { Catalogue } from './catalogue';
import './lang-en';
import { auth } from './hi/auth';
import { bidding } from './hi/bidding';
import { common } from './hi/common';
import { domain } from './hi/domain';
import { games } from './hi/games';
import { home } from './hi/home';
import { layout } from './hi/layout';
import { lists } from './hi/lists';
import { maintenance } from './hi/maintenance';
import { messages } from './hi/messages';
import { money } from './hi/money';
import { notify } from './hi/notify';
import { otp } from './hi/otp';
import { pages } from './hi/pages';
import { play } from './hi/play';
import { screens } from './hi/screens';

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
