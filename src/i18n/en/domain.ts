import * as M from '../../domain/messages';

/**
 * src/domain's validation messages (shared with the server, so they stay English there): the
 * English is the domain's own text, and `localize` turns it into the chosen language wherever
 * the app shows one. Templated ones are built from the domain's functions with `{name}` slots.
 */
export const domainEn = {
  validAmount: M.VALID_AMOUNT,
  minBid: M.minBidMessage('{min}'),
  maxBid: M.maxBidMessage('{max}'),
  amountFirst: M.AMOUNT_FIRST,
  amountFirstPanna: M.AMOUNT_FIRST_PANNA,
  amountFirstDigits: M.AMOUNT_FIRST_DIGITS,
  amountFirstBracket: M.AMOUNT_FIRST_BRACKET,
  validAmountFirst: M.VALID_AMOUNT_FIRST,
  selectDigit: M.SELECT_DIGIT,
  enterOneBid: M.ENTER_ONE_BID,
  selectMarketType: M.SELECT_MARKET_TYPE,
  selectBothPannas: M.SELECT_BOTH_PANNAS,
  selectOpenDigitClosePanna: M.SELECT_OPEN_DIGIT_CLOSE_PANNA,
  selectCloseDigitOpenPanna: M.SELECT_CLOSE_DIGIT_OPEN_PANNA,
  addOneBid: M.ADD_ONE_BID,
  selectMotorType: M.SELECT_MOTOR_TYPE,
  selectOddEven: M.SELECT_ODD_EVEN,
  atLeastDigits: M.atLeastDigitsMessage('{n}' as unknown as number),
  maxTenDigits: M.MAX_TEN_DIGITS,
  onlyDigits: M.ONLY_DIGITS,
  noDuplicateDigits: M.NO_DUPLICATE_DIGITS,
  exactlyTwoDigits: M.EXACTLY_TWO_DIGITS,
  leftOrRightDigit: M.LEFT_OR_RIGHT_DIGIT,
  oneDigitOnly: M.ONE_DIGIT_ONLY,
  selectPannaType: M.SELECT_PANNA_TYPE,
  validPanna: M.VALID_PANNA,
  validJodi: M.VALID_JODI,
  redBracketOnly: M.RED_BRACKET_ONLY,
  pannaTypeMismatch: M.PANNA_TYPE_MISMATCH,
  oddEvenMismatch: M.ODD_EVEN_MISMATCH,
  gameTypeNotOffered: M.GAME_TYPE_NOT_OFFERED,
  invalidGameType: M.INVALID_GAME_TYPE,
  invalidBidRow: M.INVALID_BID_ROW,
  validBidDate: M.VALID_BID_DATE,
  invalidGameData: M.INVALID_GAME_DATA,
  marketClosedFor: M.marketClosedMessage('{gameName}'),
  marketClosed: M.marketClosedMessage(),
  globalBattingDisabled: M.GLOBAL_BATTING_DISABLED,
  bidAfterClose: M.BID_AFTER_CLOSE,
  noMarketsAvailable: M.NO_MARKETS_AVAILABLE,
} as const;
