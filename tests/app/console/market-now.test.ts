import { describe, expect, it } from 'vitest';
import { marketNow } from '../../../src/admin/market-now';
import type { GameTimes } from '../../../src/domain/windows';

const TZ = 'Asia/Kolkata';
const kalyan: GameTimes = {
  family: 'main',
  gameName: 'KALYAN',
  openTime: '15:45',
  closeTime: '17:45',
  isActive: true,
  currentMarketStatus: true,
};
const at = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+05:30`); // a Wednesday

describe('a market state the operator can trust', () => {
  it.each([
    ['10:00', 'Taking bids, Open closes 03:45 PM', 'ok'],
    ['16:00', 'Open closed; Close bids until 05:45 PM', 'ok'],
    ['20:00', 'Closed for today at 05:45 PM', 'muted'],
  ])('at %s: %s', (hhmm, text, tone) => {
    expect(marketNow(kalyan, at(hhmm), TZ)).toEqual({ text, tone });
  });

  it('says closed today when the weekday schedule is off, and switched off when inactive', () => {
    const offWednesday: GameTimes = {
      ...kalyan,
      schedule: { wednesday: { openTime: '15:45', closeTime: '17:45', marketStatus: false } },
    };
    expect(marketNow(offWednesday, at('10:00'), TZ).text).toBe('Closed today (schedule)');
    expect(marketNow({ ...kalyan, isActive: false }, at('10:00'), TZ).text).toBe('Switched off');
  });

  it('says closed until reopened when an operator closed it (it stays closed on the next days)', () => {
    expect(marketNow({ ...kalyan, currentMarketStatus: false }, at('10:00'), TZ)).toEqual({
      text: 'Closed until an operator opens it',
      tone: 'bad',
    });
  });

  it('gives a starline market its one draw time', () => {
    const starline: GameTimes = {
      family: 'starline',
      openTime: '11:00',
      isActive: true,
      currentMarketStatus: true,
    };
    expect(marketNow(starline, at('10:00'), TZ).text).toBe('Taking bids until 11:00 AM');
    expect(marketNow(starline, at('11:30'), TZ).text).toBe('Closed for today at 11:00 AM');
  });
});
