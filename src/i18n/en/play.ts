import { translator } from '../core';

/** Responsible Play (issue 20): the /responsible-play screen, the reality check and the pause line. */
export const playEn = {
  title: 'Responsible Play',
  loadingLimits: 'Loading your limits',
  help1: 'Play for fun, with money you can afford to lose. Never chase losses.',
  help2: 'Set limits before you play. A lower limit works at once; a higher one only after 24 hours.',
  help3:
    'A time-out or self-exclusion stops bids and deposits until its end date. Nobody can end it sooner: not you, not us.',
  help4: 'Need to talk? Contact us from the menu, or reach a gambling-help service in your area.',
  // The limits' names: src/domain's LIMIT_LABELS word for word (tests/app/responsible-play checks).
  depositDay: 'Deposit limit per day',
  depositWeek: 'Deposit limit per week',
  depositMonth: 'Deposit limit per month',
  lossDay: 'Loss limit per day',
  lossWeek: 'Loss limit per week',
  lossMonth: 'Loss limit per month',
  stakeDay: 'Daily stake limit',
  wholeAmount: '{label}: enter a whole amount, or leave it empty for no limit',
  nothingToChange: 'Nothing to change',
  limitsSaved: 'Your limits were saved',
  remindEvery: 'You will be reminded every {minutes} minutes',
  pausedUntil: 'Your account is paused until {date}',
  pausedSelfExclusion:
    'Self-exclusion: your account is paused until {date}. Bids and deposits stop until then; withdrawals still work.',
  pausedTimeOut:
    'Time-out: your account is paused until {date}. Bids and deposits stop until then; withdrawals still work.',
  yourLimits: 'Your limits',
  limitsHelp:
    'Leave a box empty for no limit. A lower limit works at once; a higher one (or none) after 24 hours.',
  noLimit: 'No limit',
  limitUsed: '{label} used',
  usage: '{used} of {limit} used · resets {when}',
  pending: 'Pending: {value} from {when}',
  pendingNone: 'no limit',
  pleaseWait: 'Please wait...',
  saveLimits: 'Save limits',
  realityCheck: 'Reality check',
  realityHelp: 'While you play, a reminder shows your time and money spent every:',
  minutes: '{n} min',
  timeOutTitle: 'Take a break (time-out)',
  timeOutHelp: 'No bids or deposits until it ends. It cannot be shortened.',
  oneDay: '1 day',
  days: '{n} days',
  selfExclusion: 'Self-exclusion',
  selfExclusionHelp:
    'For a long break: no bids or deposits for months. It cannot be shortened or lifted by you or by us.',
  fiveYears: '5 years',
  months: '{n} months',
  help: 'Help',
  askTimeOut: 'Start a time-out?',
  askSelfExclusion: 'Exclude yourself?',
  areYouSure: 'Are you sure? This cannot be undone. ',
  noBidsUntil: 'You will not be able to bid or add funds until {date}.',
  cancel: 'Cancel',
  continue: 'Continue',
  yesPause: 'Yes, pause my account',
  playingFor: 'You have been playing for {time}.',
  hoursMinutes: '{h} h {m} min',
  bids: 'Bids',
  stakes: 'Stakes',
  wins: 'Wins',
  net: 'Net',
  logOut: 'Log out',
} as const;

export const tPlay = translator('play', playEn);
