import { translator } from '../core';

/** Notifications (issue 40): the /notifications screen, its result choices and the device list. */
export const notifyEn = {
  title: 'Notifications',
  loading: 'Loading your notification choices',
  loadFailed: 'Failed to load your notification choices',
  resultsHeading: 'Results',
  resultsHelp: 'Which market results should reach your devices?',
  resultsAll: 'Every market',
  resultsFollowed: 'Only markets I follow',
  resultsNone: 'No result notifications',
  marketsHeading: 'Markets you follow',
  marketsHelp: 'Tick markets here, or tap the bell on a market card.',
  followedCount: '{count} followed',
  noMarkets: 'No markets to show yet',
  main: 'Main',
  starline: 'Starline',
  galidisawar: 'Gali Disawar',
  otherHeading: 'Your money',
  wins: 'When I win',
  winsHelp: 'Winnings added to your wallet',
  funds: 'Funds and withdrawals',
  fundsHelp: 'Money added, withdrawals paid or refused',
  saved: 'Saved',
  pausedNote: 'Your account is paused: result notifications stay off until the pause ends.',
  devicesHeading: 'Your devices',
  devicesHelp: 'Notifications go to these devices. Remove one you no longer use.',
  noDevices: 'No device receives notifications yet.',
  thisDevice: 'This device',
  unknownDevice: 'Device',
  deviceName: '{browser} on {os}',
  addedOn: 'Added {date}',
  removed: 'Device removed',
  remove: 'Remove',
  removeTitle: 'Remove device',
  removeQuestion: 'Stop notifications to {device}?',
  liveOn: 'Results on screen update live.',
  liveOff: 'Results on screen update every few seconds.',
  // Alerts on this phone (issue 49): the bell and the screen say plainly what can reach it.
  alertsHeading: 'Alerts on this phone',
  alertsOn: 'On: the results you choose, your wins and your payments come to this phone.',
  alertsAsk: 'Off on this phone. Turn them on to hear of results and wins while the app is closed.',
  alertsTurnOn: 'Turn on alerts',
  alertsNoConfig:
    'Alerts are not available in this install of the app: results show here while the app is open.',
  alertsUnsupported: 'This browser cannot show alerts: results show here while the app is open.',
  alertsIosInstall:
    'On iPhone, alerts reach only the installed app: tap Share, then Add to Home Screen, and open the app from there.',
  alertsRefused:
    'Alerts are blocked for this app on this phone. To get them, allow notifications for this site in the browser settings.',
  alertsFailed: 'Alerts could not be turned on just now. Please try again.',
  alertsNotYet: 'Alerts stay off until you allow them.',
  followedAlerts: 'You will get {game} results on this phone. Other markets: only the ones you follow.',
  followedNoAlerts: '{game} followed.',
  // Wins said where the player looks (issue 49), on the open app or at the next open.
  winTold: 'You won {amount} on {game} - {bet} {number}',
  winsMore: 'and {n} more wins',
  winsSeeAll: 'Win History',
  winsClose: 'Close',
} as const;

export const tNotify = translator('notify', notifyEn);
