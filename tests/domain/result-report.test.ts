import { describe, expect, it } from 'vitest';
import { ALL_PANNAS, pannaAnk } from '../../src/domain/pannas';
import { marketKey, pannaProblem, readReportedResult, reportDate } from '../../src/domain/result-report';

const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
const VALID = new Set(ALL_PANNAS);

describe('a reported panna: one of the 220 with its own digit', () => {
  it('accepts every one of the 220 pannas with its digit, as a panna and as a starline result', () => {
    expect(ALL_PANNAS).toHaveLength(220);
    for (const p of ALL_PANNAS) {
      const digit = String(pannaAnk(p));
      expect(pannaProblem(p, digit), p).toBeNull();
      expect(readReportedResult('starline', { result: `${p}-${digit}` }), p).toEqual({
        ok: true,
        sessions: [{ session: null, panna: p, digit }],
      });
      expect(readReportedResult('main', { result: `${p}-${digit}` }), p).toEqual({
        ok: true,
        sessions: [{ session: 'open', panna: p, digit }],
      });
    }
  });

  it('refuses every other three-digit string (780 of them), whatever digit comes with it', () => {
    const others = THREE_DIGITS.filter((s) => !VALID.has(s));
    expect(others).toHaveLength(780);
    for (const s of others) {
      expect(pannaProblem(s), s).toMatch(/not one of the 220 pannas/);
      for (let d = 0; d < 10; d++) {
        const reading = readReportedResult('starline', { result: `${s}-${d}` });
        expect(reading.ok, `${s}-${d}`).toBe(false);
        expect(readReportedResult('main', { result: `${s}-${d}` }).ok, `${s}-${d}`).toBe(false);
      }
    }
  });

  it('refuses each of the 220 pannas with any digit but its own', () => {
    for (const p of ALL_PANNAS) {
      for (let d = 0; d < 10; d++) {
        if (d === pannaAnk(p)) continue;
        expect(pannaProblem(p, String(d)), `${p}-${d}`).toBe(`the digit of ${p} is ${pannaAnk(p)}, not ${d}`);
        expect(readReportedResult('starline', { result: `${p}-${d}` }).ok).toBe(false);
      }
    }
  });

  it.each(['12', '1234', '12a', '', ' 12', '1.5'])('refuses %j as not three digits', (s) => {
    expect(pannaProblem(s)).toMatch(/is not a panna/);
  });
});

describe('a main result: the jodi is the open digit then the close digit', () => {
  it('every jodi of two valid pannas is accepted when it is theirs, refused otherwise', () => {
    const opens = ['128', '690', '777', '100'];
    const closes = ['440', '359', '000', '146'];
    for (const o of opens)
      for (const c of closes) {
        const right = `${pannaAnk(o)}${pannaAnk(c)}`;
        for (let j = 0; j < 100; j++) {
          const jodi = String(j).padStart(2, '0');
          const text = `${o}-${jodi}-${c}`;
          const reading = readReportedResult('main', { result: text });
          expect(reading.ok, text).toBe(jodi === right);
          // The same check when the pannas come as fields.
          expect(readReportedResult('main', { open: o, close: c, jodi }).ok, text).toBe(jodi === right);
        }
      }
  });

  it.each<[string, object]>([
    [
      '123-68-440',
      {
        ok: true,
        sessions: [
          { session: 'open', panna: '123', digit: '6' },
          { session: 'close', panna: '440', digit: '8' },
        ],
      },
    ],
    ['123-6', { ok: true, sessions: [{ session: 'open', panna: '123', digit: '6' }] }],
    ['123-6*-***', { ok: true, sessions: [{ session: 'open', panna: '123', digit: '6' }] }],
    [' 123 - 6* - *** ', { ok: true, sessions: [{ session: 'open', panna: '123', digit: '6' }] }],
    ['***-**-***', { ok: true, sessions: [] }],
    ['***-*', { ok: true, sessions: [] }],
  ])('reads %j', (result, expected) => {
    expect(readReportedResult('main', { result })).toEqual(expected);
  });

  it.each<[string, RegExp]>([
    ['123-69-440', /close: the digit of 440 is 8, not 9/],
    ['123-58-440', /open: the digit of 123 is 6, not 5/],
    ['123-68-***', /names a close digit 8 but no close panna/],
    ['***-**-440', /close panna without the open/],
    ['***-6*-***', /jodi without the open panna/],
    ['123-*', /open digit of 123 is missing/],
    ['123-6-440', /jodi must be two digits/],
    ['321-6', /not one of the 220 pannas \(in order it is 123\)/],
    ['019-0', /in order it is 190/],
    ['123', /reads like 123-6/],
    ['123-68-440-1', /reads like 123-6/],
    ['12x-6', /is not a panna/],
    ['123-6x', /is not a jodi/],
  ])('refuses %j', (result, reason) => {
    const reading = readReportedResult('main', { result });
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toMatch(reason);
  });

  it('takes open, close and jodi fields instead of the text', () => {
    expect(readReportedResult('main', { open: '123', close: '440' })).toMatchObject({ ok: true });
    expect(readReportedResult('main', { open: '123' })).toMatchObject({
      ok: true,
      sessions: [{ panna: '123' }],
    });
    expect(readReportedResult('main', { open: '123', jodi: '6*' })).toMatchObject({ ok: true });
    expect(readReportedResult('main', { open: '123', jodi: '7*' }).ok).toBe(false);
    expect(readReportedResult('main', { close: '440' }).ok).toBe(false);
    expect(readReportedResult('main', {})).toEqual({ ok: false, reason: 'no result' });
  });
});

describe('starline and galidisawar results', () => {
  it('galidisawar: a jodi 00-99 or stars', () => {
    for (let j = 0; j < 100; j++) {
      const jodi = String(j).padStart(2, '0');
      expect(readReportedResult('galidisawar', { result: jodi })).toEqual({
        ok: true,
        sessions: [{ session: null, jodi }],
      });
      expect(readReportedResult('galidisawar', { jodi })).toMatchObject({ ok: true });
    }
    expect(readReportedResult('galidisawar', { result: '**' })).toEqual({ ok: true, sessions: [] });
    for (const bad of ['6', '678', '6a', '6-8'])
      expect(readReportedResult('galidisawar', { result: bad }).ok, bad).toBe(false);
  });

  it("starline: panna and digit, or stars; the digit must be the panna's", () => {
    expect(readReportedResult('starline', { result: '***-*' })).toEqual({ ok: true, sessions: [] });
    expect(readReportedResult('starline', { result: '128' }).ok).toBe(false);
    expect(readReportedResult('starline', { open: '128' })).toMatchObject({ ok: true });
    expect(readReportedResult('starline', { result: '***-4' }).ok).toBe(false);
  });
});

describe('dates and market names', () => {
  it.each<[unknown, string | null]>([
    ['2026-11-21', '2026-11-21'],
    ['21-11-2026', '2026-11-21'],
    ['21/11/2026', '2026-11-21'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2023', null],
    ['2023-02-29', null],
    ['21-11/2026', null],
    ['2026/11/21', null],
    ['11-21-2026', null],
    [20261121, null],
    ['', null],
  ])('reportDate(%j) = %j', (value, expected) => {
    expect(reportDate(value)).toBe(expected);
  });

  it('compares market names without case or spaces', () => {
    expect(marketKey(' Kalyan  Night ')).toBe('KALYANNIGHT');
    expect(marketKey('KALYAN NIGHT')).toBe(marketKey('kalyan\tnight'));
    expect(marketKey('Kalyan')).not.toBe(marketKey('Kalyan Night'));
  });
});
