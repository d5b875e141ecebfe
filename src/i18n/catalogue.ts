import type { authEn } from './en/auth';
import type { biddingEn } from './en/bidding';
import type { commonEn } from './en/common';
import type { domainEn } from './en/domain';
import type { gamesEn } from './en/games';
import type { homeEn } from './en/home';
import type { layoutEn } from './en/layout';
import type { listsEn } from './en/lists';
import type { maintenanceEn } from './en/maintenance';
import type { messagesEn } from './en/messages';
import type { moneyEn } from './en/money';
import type { notifyEn } from './en/notify';
import type { otpEn } from './en/otp';
import type { pagesEn } from './en/pages';
import type { playEn } from './en/play';
import type { screensEn } from './en/screens';

type Of<T> = Record<keyof T, string>;

/**
 * Every area of the player app's words. A Hindi or Marathi catalogue is typed as this, so an area
 * or a key missing from either (or one English no longer has) fails the typecheck.
 */
export type Catalogue = {
  auth: Of<typeof authEn>;
  common: Of<typeof commonEn>;
  pages: Of<typeof pagesEn>;
  screens: Of<typeof screensEn>;
  money: Of<typeof moneyEn>;
  otp: Of<typeof otpEn>;
  bidding: Of<typeof biddingEn>;
  domain: Of<typeof domainEn>;
  games: Of<typeof gamesEn>;
  home: Of<typeof homeEn>;
  layout: Of<typeof layoutEn>;
  lists: Of<typeof listsEn>;
  maintenance: Of<typeof maintenanceEn>;
  messages: Of<typeof messagesEn>;
  play: Of<typeof playEn>;
  notify: Of<typeof notifyEn>;
};
