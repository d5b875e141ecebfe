import { translator } from '../core';

/** The signed-in frame: header and side menu (product.md "Side menu and header"). */
export const layoutEn = {
  brand: 'Matka Play',
  openMenu: 'Open menu',
  goBack: 'Go back',
  walletBalance: 'Wallet balance {amount}',
  mainMenu: 'Main menu',
  player: 'Player',
  closeMenu: 'Close menu',
  home: 'Home',
  profile: 'Profile',
  wallet: 'Wallet',
  addFund: 'Add Fund',
  withdrawal: 'Withdrawal',
  gameChart: 'Game Chart',
  starlineChart: 'Starline Chart',
  galiChart: 'Gali Chart',
  bidHistory: 'Bid History',
  winHistory: 'Win History',
  gameRate: 'Game Rate',
  main: 'Main',
  starline: 'Starline',
  gali: 'Gali',
  contactUs: 'Contact Us',
  appSetting: 'App Setting',
  howToPlay: 'How to Play',
  share: 'Share',
  rating: 'Rating',
  notice: 'Notice',
  referEarn: 'Refer & Earn',
  shareText: 'Play main, starline and galidisawar markets on Matka Play: {url}',
  installApp: 'Install App',
  logout: 'Logout',
  logoutQuestion: 'Are you sure you want to logout?',
} as const;

export const tLayout = translator('layout', layoutEn);
