import { translator } from '../core';

/** Home, the starline and galidisawar lists, the market menu and the profile. */
export const homeEn = {
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  goToSlide: 'Go to slide {n}',
  loadingMarkets: 'Loading markets',
  noActiveGames: 'No Active Games',
  markets: 'Markets',
  highlights: 'Highlights',
  chartOf: '{game} chart',
  play: 'Play',
  marketRunning: 'Market Running',
  marketClosed: 'Market Closed',
  biddingPaused: 'Bidding paused',
  pausedHome:
    'Your account is paused: no bids or deposits until it ends. Results, charts and withdrawals go on.',
  pausedWhen: 'Until when?',
  openAt: 'Open: {time}',
  closeAt: 'Close: {time}',
  call: 'Call',
  whatsapp: 'WhatsApp',
  addFund: 'Add Fund',
  withdrawal: 'Withdrawal',
  starline: 'Starline',
  galiDisawar: 'GaliDisawar',
  quickActions: 'Quick actions',
  noPhone: '{label} (no phone)',
  follow: 'Notify me of {game} results',
  unfollow: 'Stop {game} result notifications',
  unfollowedNow: 'No more {game} result notifications',
  followFailed: 'Could not change your notifications. Please try again.',
} as const;

export const tHome = translator('home', homeEn);
