import { describe, expect, it } from 'vitest';
import { parseBidRow } from '../../src/domain/bid-validation';
import type { Family } from '../../src/domain/types';

const base = { game: 'g1', amount: 10 };

describe('parseBidRow: refused rows name the field and the message', () => {
  it.each<[string, Family, unknown, Record<string, string>]>([
    ['not an object', 'main', 'x', { gameType: 'Invalid bid' }],
    ['null', 'main', null, { gameType: 'Invalid bid' }],
    [
      'unknown gameType',
      'main',
      { ...base, gameType: 'lucky-seven' },
      { gameType: 'Please select a valid game type' },
    ],
    [
      'jodi on starline',
      'starline',
      { ...base, gameType: 'jodi-digit', digit: '12' },
      { gameType: 'This game type is not available for this market' },
    ],
    [
      'left digit on main',
      'main',
      { ...base, gameType: 'left-digit', digit: '1' },
      { gameType: 'This game type is not available for this market' },
    ],
    [
      'fractional amount',
      'main',
      { ...base, amount: 10.5, gameType: 'single-digit', session: 'Open', openDigit: '1' },
      { amount: 'Please enter a valid amount' },
    ],
    [
      'string amount',
      'main',
      { ...base, amount: '10', gameType: 'single-digit', session: 'Open', openDigit: '1' },
      { amount: 'Please enter a valid amount' },
    ],
    [
      'zero amount',
      'main',
      { ...base, amount: 0, gameType: 'single-digit', session: 'Open', openDigit: '1' },
      { amount: 'Please enter a valid amount' },
    ],
    [
      'bad session',
      'main',
      { ...base, gameType: 'single-digit', session: 'Noon', openDigit: '1' },
      { session: 'Please select a market type' },
    ],
    [
      'bad bidDate',
      'main',
      { ...base, gameType: 'red-bracket', session: 'Open', openDigit: '33', bidDate: '21/11/2026' },
      { bidDate: 'Please enter a valid bid date (YYYY-MM-DD)' },
    ],
    [
      'numeric digit field',
      'main',
      { ...base, gameType: 'single-digit', session: 'Open', openDigit: 4 },
      { openDigit: 'Please enter a single digit' },
    ],
    [
      'unknown pannaType',
      'main',
      { ...base, gameType: 'single-panna', session: 'Open', openDigit: '123', pannaType: 'XX' },
      { pannaType: 'The panna does not match the selected panna type' },
    ],
    [
      'numeric panna field',
      'main',
      { ...base, gameType: 'full-sangam', openPanna: 123, closePanna: '459' },
      { openPanna: 'Please enter a valid panna' },
    ],
    [
      'missing session',
      'main',
      { ...base, gameType: 'single-digit', openDigit: '1' },
      { session: 'Please select a market type' },
    ],
    [
      'missing digit',
      'main',
      { ...base, gameType: 'single-digit', session: 'Close', openDigit: '1' },
      { closeDigit: 'Please select at least one digit' },
    ],
    [
      'two-char single digit',
      'main',
      { ...base, gameType: 'single-digit', session: 'Open', openDigit: '12' },
      { openDigit: 'Please enter a single digit' },
    ],
    [
      'non-canonical panna',
      'main',
      { ...base, gameType: 'single-panna', session: 'Open', openDigit: '019' },
      { openDigit: 'Please enter a valid panna' },
    ],
    [
      'DP on single panna',
      'main',
      { ...base, gameType: 'single-panna', session: 'Open', openDigit: '112' },
      { openDigit: 'The panna does not match the selected panna type' },
    ],
    [
      'SP on dp motor',
      'main',
      { ...base, gameType: 'dp-motor', session: 'Open', openDigit: '123' },
      { openDigit: 'The panna does not match the selected panna type' },
    ],
    [
      'pannaType mismatch',
      'main',
      { ...base, gameType: 'sp-dp-tp-motor', session: 'Open', openDigit: '123', pannaType: 'DP' },
      { pannaType: 'The panna does not match the selected panna type' },
    ],
    [
      'odd-even parity mismatch',
      'main',
      { ...base, gameType: 'odd-even', session: 'Open', openDigit: '2', pannaType: 'ODD' },
      { pannaType: 'The digit does not match Odd or Even' },
    ],
    [
      'jodi of one digit',
      'main',
      { ...base, gameType: 'jodi-digit', session: 'Open', openDigit: '7' },
      { openDigit: 'Please enter a valid jodi (00-99)' },
    ],
    [
      'jodi missing',
      'main',
      { ...base, gameType: 'group-jodi', session: 'Open' },
      { openDigit: 'Please select at least one digit' },
    ],
    [
      'jodi in digit malformed',
      'main',
      { ...base, gameType: 'jodi-digit', digit: 'ab' },
      { digit: 'Please enter a valid jodi (00-99)' },
    ],
    [
      'not a red jodi',
      'main',
      { ...base, gameType: 'red-bracket', session: 'Open', openDigit: '12' },
      { openDigit: 'Please select a red bracket jodi' },
    ],
    [
      'full sangam missing close',
      'main',
      { ...base, gameType: 'full-sangam', openPanna: '123' },
      { closePanna: 'Please select both Open Panna and Close Panna' },
    ],
    [
      'full sangam missing open',
      'main',
      { ...base, gameType: 'full-sangam', closePanna: '123' },
      { openPanna: 'Please select both Open Panna and Close Panna' },
    ],
    [
      'full sangam bad open',
      'main',
      { ...base, gameType: 'full-sangam', openPanna: '321', closePanna: '123' },
      { openPanna: 'Please enter a valid panna' },
    ],
    [
      'full sangam bad close',
      'main',
      { ...base, gameType: 'full-sangam', openPanna: '123', closePanna: '12' },
      { closePanna: 'Please enter a valid panna' },
    ],
    [
      'half sangam no market type',
      'main',
      { ...base, gameType: 'half-sangam', openDigit: '1', closePanna: '123' },
      { session: 'Please select a market type' },
    ],
    [
      'half sangam Open missing panna',
      'main',
      { ...base, gameType: 'half-sangam', session: 'Open', openDigit: '1' },
      { closePanna: 'Please select both Open Digit and Close Panna' },
    ],
    [
      'half sangam Open missing digit',
      'main',
      { ...base, gameType: 'half-sangam', session: 'Open', closePanna: '123' },
      { openDigit: 'Please select both Open Digit and Close Panna' },
    ],
    [
      'half sangam Close missing digit',
      'main',
      { ...base, gameType: 'half-sangam', session: 'Close', openPanna: '123' },
      { closeDigit: 'Please select both Close Digit and Open Panna' },
    ],
    [
      'half sangam bad digit',
      'main',
      { ...base, gameType: 'half-sangam', session: 'Close', openPanna: '123', closeDigit: '10' },
      { closeDigit: 'Please enter a single digit' },
    ],
    [
      'half sangam bad panna',
      'main',
      { ...base, gameType: 'half-sangam', session: 'Open', openDigit: '1', closePanna: '213' },
      { closePanna: 'Please enter a valid panna' },
    ],
    [
      'starline missing digit',
      'starline',
      { ...base, gameType: 'single-digit' },
      { digit: 'Please select at least one digit' },
    ],
    [
      'starline wrong class',
      'starline',
      { ...base, gameType: 'triple-panna', digit: '123' },
      { digit: 'The panna does not match the selected panna type' },
    ],
    [
      'gali left two digits',
      'galidisawar',
      { ...base, gameType: 'left-digit', digit: '12' },
      { digit: 'Please enter a single digit' },
    ],
  ])('%s', (_name, family, row, errors) => {
    expect(parseBidRow(row, family)).toEqual({ ok: false, errors });
  });
});
