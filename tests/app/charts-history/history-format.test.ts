import { describe, expect, it } from 'vitest';
import {
  bidDigits,
  familyOf,
  gameTypeTitle,
  marketDayLabel,
  pickedDate,
} from '../../../src/features/history/history-format';

const IST = 'Asia/Kolkata';
const none = { digit: null, openDigit: null, closeDigit: null, openPanna: null, closePanna: null };

describe('history formatting', () => {
  it.each([
    ['starline digit', { ...none, digit: '7' }, '7'],
    ['main open single', { ...none, openDigit: '5' }, '5'],
    ['main close panna', { ...none, closeDigit: '128' }, '128'],
    ['full sangam', { ...none, openPanna: '123', closePanna: '456' }, '123-456'],
    ['half sangam Open', { ...none, openDigit: '5', closePanna: '140' }, '5-140'],
    ['half sangam Close', { ...none, openPanna: '140', closeDigit: '5' }, '140-5'],
    ['nothing', none, '-'],
  ])('bidDigits: %s', (_, bid, text) => {
    expect(bidDigits(bid)).toBe(text);
  });

  it.each([
    ['main', 'main'],
    ['starline', 'starline'],
    ['galidisawar', 'galidisawar'],
    ['Starline', 'starline'],
    [null, 'main'],
    ['kalyan', 'main'],
  ])('familyOf(%s) is %s', (game, family) => {
    expect(familyOf(game)).toBe(family);
  });

  it.each([
    ['2026-11-20', '2026-11-20'],
    ['2026-11-22', '2026-11-22'],
    ['2026-11-23', '2026-11-22'],
    ['', '2026-11-22'],
    ['20-11-2026', '2026-11-22'],
  ])('pickedDate(%s) with today 2026-11-22 is %s', (value, picked) => {
    expect(pickedDate(value, '2026-11-22')).toBe(picked);
  });

  it('shows instants in the market zone and game types by title', () => {
    expect(marketDayLabel('2026-11-22', IST)).toBe('22 NOV 2026');
    expect(gameTypeTitle('half-sangam')).toBe('Half Sangam');
    expect(gameTypeTitle('mystery')).toBe('mystery');
  });
});
