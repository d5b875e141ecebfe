import { describe, expect, it } from 'vitest';
import {
  dateTimeLabel,
  formatDateShort,
  formatRupees,
  formatTime12,
  maskAccount,
  maskPhone,
  weekStartMonday,
} from '../../src/domain/format';
import { hasAtMostTwoDecimals, paiseToPoints, pointsToPaise } from '../../src/domain/money';

describe('formatTime12', () => {
  it.each([
    ['13:05', '01:05 PM'],
    ['00:05', '12:05 AM'],
    ['12:00', '12:00 PM'],
    ['09:30', '09:30 AM'],
    ['23:59', '11:59 PM'],
    ['bad', 'bad'],
  ])('%s -> %s', (hhmm, text) => {
    expect(formatTime12(hhmm)).toBe(text);
  });
});

describe('money', () => {
  it.each([
    [100000, '₹1,00,000'],
    [1234567, '₹12,34,567'],
    [0, '₹0'],
    [12.5, '₹12.50'],
    [-50, '-₹50'],
    [Number.NaN, '₹0'],
    [1.005, '₹1.01'],
    [999.995, '₹1,000.00'],
    [123456789.5, '₹12,34,56,789.50'],
    [1e15, '₹1,00,00,00,00,00,00,000'],
    [-1234.5, '-₹1,234.50'],
    [-0, '₹0'],
    [-0.004, '₹0.00'],
  ])('formatRupees(%j) = %s', (points, text) => {
    expect(formatRupees(points)).toBe(text);
  });

  it("writes what Intl.NumberFormat('en-IN', INR) writes, but no minus on a zero", () => {
    const whole = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    const paise = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    let seed = 2026;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(next() * 12);
      for (const points of [
        (next() - 0.3) * scale,
        Math.round((next() - 0.3) * scale),
        Math.round(next() * scale * 100) / 100,
      ]) {
        const intl = (Number.isInteger(points) ? whole : paise)
          .format(points)
          .replace(/^-(₹0(\.00)?)$/, '$1');
        expect(formatRupees(points)).toBe(intl);
      }
    }
  });

  it.each([
    [12.34, 1234],
    [0.1 + 0.2, 30],
    [100000, 10000000],
  ])('pointsToPaise(%j) = %i', (points, paise) => {
    expect(pointsToPaise(points)).toBe(paise);
  });

  it.each([
    [10.07, true],
    [0.29, true],
    [0.01, true],
    [99999.99, true],
    [5, true],
    [-3.5, true],
    [1e-7, false],
    [10.075, false],
    [1.005, false],
    [0.001, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [1e21, false],
  ])('hasAtMostTwoDecimals(%j) = %j (decimal rules, not float arithmetic)', (points, ok) => {
    expect(hasAtMostTwoDecimals(points)).toBe(ok);
    if (ok && points > 0) expect(pointsToPaise(points) / 100).toBe(points);
  });

  it('paiseToPoints and the guards', () => {
    expect(paiseToPoints(1234)).toBe(12.34);
    expect(() => paiseToPoints(1.5)).toThrow(RangeError);
    expect(() => pointsToPaise(Number.NaN)).toThrow(RangeError);
  });
});

describe('dates and masks', () => {
  it.each([
    ['2026-11-21T19:00:00Z', 'Asia/Kolkata', '22 NOV 2026'],
    ['2026-11-21T19:00:00Z', 'UTC', '21 NOV 2026'],
    ['2026-01-05T00:00:00Z', 'Asia/Kolkata', '05 JAN 2026'],
  ])('formatDateShort(%s, %s) = %s', (iso, tz, text) => {
    expect(formatDateShort(new Date(iso), tz)).toBe(text);
  });

  it.each([
    ['2026-11-21T19:00:00Z', 'Asia/Kolkata', ['22 NOV 2026', '12:30 AM']],
    ['2026-11-21T19:00:00Z', 'UTC', ['21 NOV 2026', '07:00 PM']],
    ['not a date', 'UTC', ['not a date', '']],
  ])('dateTimeLabel(%s, %s) = %j', (iso, tz, parts) => {
    expect(dateTimeLabel(iso, tz)).toEqual(parts);
  });

  it('defaults to the market zone', () => {
    expect(formatDateShort(new Date('2026-11-21T19:00:00Z'))).toBe('22 NOV 2026');
  });

  it.each([
    ['9876543210', '*******210'],
    ['123', '123'],
    [' 98765 ', '**765'],
  ])('maskPhone(%j) = %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each([
    ['123456789012', '********9012'],
    ['1234', '1234'],
  ])('maskAccount(%j) = %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });

  it.each<[Date | string, string]>([
    ['2026-11-16', '2026-11-16'],
    ['2026-11-21', '2026-11-16'],
    ['2026-11-22', '2026-11-16'],
    ['2026-11-23', '2026-11-23'],
    ['2026-03-01', '2026-02-23'],
    [new Date('2026-11-22T19:00:00Z'), '2026-11-23'],
  ])('weekStartMonday(%j) = %s', (date, monday) => {
    expect(weekStartMonday(date)).toBe(monday);
  });
});
