import { describe, expect, it } from 'vitest';
import {
  bidsTotal,
  isIsoDate,
  parseAmount,
  singleModeBids,
  validateAmount,
  validateSingleMode,
} from '../../src/domain/bid-validation';
import * as messages from '../../src/domain/messages';

const limits = { min: 10, max: 10000 };

describe('validateAmount', () => {
  it.each([
    [10, null],
    [10000, null],
    ['500', null],
    [' 50 ', null],
    [9, 'Minimum bid amount is 10'],
    [10001, 'Maximum bid amount is 10000'],
    [0, 'Please enter a valid amount'],
    [-5, 'Please enter a valid amount'],
    ['', 'Please enter a valid amount'],
    ['abc', 'Please enter a valid amount'],
    [12.5, 'Please enter a valid amount'],
    ['12.5', 'Please enter a valid amount'],
    [Number.NaN, 'Please enter a valid amount'],
    [Number.POSITIVE_INFINITY, 'Please enter a valid amount'],
    [null, 'Please enter a valid amount'],
    [undefined, 'Please enter a valid amount'],
  ])('%j -> %j', (amount, expected) => {
    expect(validateAmount(amount, limits)).toBe(expected);
  });

  it.each([
    [1, 1],
    ['7', 7],
    [0, null],
    ['1e3', null],
    [true, null],
  ])('parseAmount(%j) = %j', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });
});

describe('single mode', () => {
  it('drops zero and blank entries, keeps the rest in order', () => {
    expect(
      singleModeBids({ '1': '10', '2': '', '3': 0, '4': '0', '5': 20, '6': null, '7': undefined, '8': ' ' }),
    ).toEqual([
      { digit: '1', amount: 10 },
      { digit: '5', amount: 20 },
    ]);
  });

  it('keeps an unreadable entry so the amount check reports it', () => {
    const bids = singleModeBids({ '1': 'x' });
    expect(bids).toHaveLength(1);
    expect(bids[0]?.amount).toBeNaN();
    expect(validateSingleMode({ '1': 'x' }, limits)).toEqual({
      ok: false,
      message: 'Please enter a valid amount',
      digit: '1',
    });
  });

  it.each([
    [{}, 'Please enter at least one bid', undefined],
    [{ '1': '', '2': 0 }, 'Please enter at least one bid', undefined],
    [{ '1': 10, '2': 5 }, 'Minimum bid amount is 10', '2'],
    [{ '3': 20000 }, 'Maximum bid amount is 10000', '3'],
  ])('%j is refused with %j', (entries, message, digit) => {
    expect(validateSingleMode(entries, limits)).toEqual(
      digit ? { ok: false, message, digit } : { ok: false, message },
    );
  });

  it('accepts good entries and totals them', () => {
    const result = validateSingleMode({ '1': 10, '9': '40' }, limits);
    expect(result).toEqual({
      ok: true,
      bids: [
        { digit: '1', amount: 10 },
        { digit: '9', amount: 40 },
      ],
    });
    expect(bidsTotal(result.ok ? result.bids : [])).toBe(50);
    expect(bidsTotal([{ amount: 5 }, { amount: Number.NaN }])).toBe(5);
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2026-11-21', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['21-11-2026', false],
    [20261121, false],
  ])('%j -> %j', (s, ok) => {
    expect(isIsoDate(s)).toBe(ok);
  });
});

describe('docs/product.md section 5 messages, word for word', () => {
  it.each([
    [messages.VALID_AMOUNT, 'Please enter a valid amount'],
    [messages.minBidMessage(10), 'Minimum bid amount is 10'],
    [messages.maxBidMessage(5000), 'Maximum bid amount is 5000'],
    [messages.AMOUNT_FIRST, 'Please enter amount first'],
    [messages.AMOUNT_FIRST_PANNA, 'Please enter amount first before selecting panna'],
    [messages.AMOUNT_FIRST_DIGITS, 'Please enter amount before selecting digits'],
    [messages.AMOUNT_FIRST_BRACKET, 'Please enter amount before selecting bracket'],
    [messages.VALID_AMOUNT_FIRST, 'Please enter a valid amount first'],
    [messages.SELECT_DIGIT, 'Please select at least one digit'],
    [messages.ENTER_ONE_BID, 'Please enter at least one bid'],
    [messages.SELECT_MARKET_TYPE, 'Please select a market type'],
    [messages.SELECT_BOTH_PANNAS, 'Please select both Open Panna and Close Panna'],
    [messages.SELECT_OPEN_DIGIT_CLOSE_PANNA, 'Please select both Open Digit and Close Panna'],
    [messages.SELECT_CLOSE_DIGIT_OPEN_PANNA, 'Please select both Close Digit and Open Panna'],
    [messages.ADD_ONE_BID, 'Please add at least one bid'],
    [messages.SELECT_MOTOR_TYPE, 'Please select at least one motor type (SP, DP, TP)'],
    [messages.SELECT_ODD_EVEN, 'Please select Odd or Even'],
    [messages.atLeastDigitsMessage(4), 'Please enter at least 4 digits'],
    [messages.atLeastDigitsMessage(3), 'Please enter at least 3 digits'],
    [messages.MAX_TEN_DIGITS, 'You can enter maximum 10 digits (0-9)'],
    [messages.ONLY_DIGITS, 'Only numbers from 0-9 are allowed'],
    [messages.NO_DUPLICATE_DIGITS, 'Duplicate digits are not allowed'],
    [messages.INVALID_GAME_DATA, 'Invalid game data'],
    [messages.marketClosedMessage('Kalyan'), 'Market is closed for Kalyan'],
    [messages.marketClosedMessage(), 'Market is closed'],
    [messages.GLOBAL_BATTING_DISABLED, 'Global batting is currently disabled'],
    [messages.BID_AFTER_CLOSE, 'Bid not allowed after market close !'],
    [messages.NO_MARKETS_AVAILABLE, 'No markets available'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
