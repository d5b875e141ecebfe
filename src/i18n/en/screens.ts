import { translator } from '../core';

/** The starline and galidisawar lists, the market menu's fallback and the profile. */
export const screensEn = {
  starlineTitle: 'Starline',
  galidisawarTitle: 'Galidisawar',
  noStarline: 'No Active Starline Games',
  noStarlineText: 'Currently there are no active starline games available. Please check back later.',
  noGalidisawar: 'No Active Galidisawar Games',
  noGalidisawarText: 'Currently there are no active galidisawar games available. Please check back later.',
  chooseMarket: 'Choose a market on the home screen',
  loadingProfile: 'Loading profile',
  profile: 'Profile',
  verified: 'Verified',
  notVerified: 'Not Verified',
  currentBalance: 'Current Balance',
  addFund: 'Add Fund',
  withdrawal: 'Withdrawal',
  payoutDetails: 'Payout Details',
  notSaved: 'Not saved',
  update: 'Update',
  add: 'Add',
  changePassword: 'Change Password',
  currentPassword: 'Current Password',
  saving: 'Saving...',
  save: 'Save',
  passwordChanged: 'Password changed. Your other sessions have ended.',
} as const;

export const tScreens = translator('screens', screensEn);
