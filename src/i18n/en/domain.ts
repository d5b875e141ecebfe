/**
 * src/domain's validation messages (shared with the server, so they stay English there), as
 * `localize` matches them back to keys when the app shows one in Hindi or Marathi. The English is
 * the domain's own text word for word (tests/app/i18n checks it against src/domain/messages.ts);
 * it is written out here rather than imported, so the domain module is not pulled into the
 * language chunks. Templated ones have `{name}` slots.
 */
export const domainEn = {
  validAmount: 'Please enter a valid amount',
  minBid: 'Minimum bid amount is {min}',
  maxBid: 'Maximum bid amount is {max}',
  amountFirst: 'Please enter amount first',
  amountFirstPanna: 'Please enter amount first before selecting panna',
  amountFirstDigits: 'Please enter amount before selecting digits',
  amountFirstBracket: 'Please enter amount before selecting bracket',
  validAmountFirst: 'Please enter a valid amount first',
  selectDigit: 'Please select at least one digit',
  enterOneBid: 'Please enter at least one bid',
  selectMarketType: 'Please select a market type',
  selectBothPannas: 'Please select both Open Panna and Close Panna',
  selectOpenDigitClosePanna: 'Please select both Open Digit and Close Panna',
  selectCloseDigitOpenPanna: 'Please select both Close Digit and Open Panna',
  addOneBid: 'Please add at least one bid',
  selectMotorType: 'Please select at least one motor type (SP, DP, TP)',
  selectOddEven: 'Please select Odd or Even',
  atLeastDigits: 'Please enter at least {n} digits',
  maxTenDigits: 'You can enter maximum 10 digits (0-9)',
  onlyDigits: 'Only numbers from 0-9 are allowed',
  noDuplicateDigits: 'Duplicate digits are not allowed',
  exactlyTwoDigits: 'Please enter exactly 2 digits',
  leftOrRightDigit: 'Please enter a left or right digit',
  oneDigitOnly: 'Please enter a single digit',
  selectPannaType: 'Please select a panna type (SP, DP, TP)',
  validPanna: 'Please enter a valid panna',
  validJodi: 'Please enter a valid jodi (00-99)',
  redBracketOnly: 'Please select a red bracket jodi',
  pannaTypeMismatch: 'The panna does not match the selected panna type',
  oddEvenMismatch: 'The digit does not match Odd or Even',
  gameTypeNotOffered: 'This game type is not available for this market',
  invalidGameType: 'Please select a valid game type',
  invalidBidRow: 'Invalid bid',
  validBidDate: 'Please enter a valid bid date (YYYY-MM-DD)',
  invalidGameData: 'Invalid game data',
  marketClosedFor: 'Market is closed for {gameName}',
  marketClosed: 'Market is closed',
  globalBattingDisabled: 'Global batting is currently disabled',
  bidAfterClose: 'Bid not allowed after market close !',
  noMarketsAvailable: 'No markets available',
} as const;
