import { describe, expect, it } from 'vitest';
import { choicePanna } from '../../src/domain/expanders/choice-panna';
import { digitBaseJodi } from '../../src/domain/expanders/digit-base-jodi';
import { groupJodi } from '../../src/domain/expanders/group-jodi';
import { groupPanel } from '../../src/domain/expanders/group-panel';
import { leftRightFilter } from '../../src/domain/expanders/left-right-filter';
import { oddEven } from '../../src/domain/expanders/odd-even';
import { twoDigit } from '../../src/domain/expanders/two-digit';
import { ALL_PANNAS, pannaClass } from '../../src/domain/pannas';

const values = (r: { ok: boolean; values?: string[] }): string[] => (r.ok ? (r.values ?? []) : []);

describe('oddEven', () => {
  it.each([
    ['Odd', ['1', '3', '5', '7', '9']],
    ['Even', ['0', '2', '4', '6', '8']],
  ])('%s gives %j', (choice, expected) => {
    expect(oddEven(choice)).toEqual({ ok: true, values: expected });
  });

  it.each([[''], [null], [undefined], ['odd']])('%j asks to choose', (choice) => {
    expect(oddEven(choice)).toEqual({ ok: false, message: 'Please select Odd or Even' });
  });
});

describe('twoDigit', () => {
  it.each([
    ['15', ['150', '115', '125', '135', '145', '155', '156', '157', '158', '159']],
    ['55', ['550', '155', '255', '355', '455', '556', '557', '558', '559', '555']],
    ['00', ['100', '200', '300', '400', '500', '600', '700', '800', '900', '000']],
  ])('%j gives exactly %j', (input, expected) => {
    expect([...values(twoDigit(input))].sort()).toEqual([...expected].sort());
  });

  it('is order-free: 51 gives the same pannas as 15 (deviation)', () => {
    expect(twoDigit('51')).toEqual(twoDigit('15'));
    expect(values(twoDigit('15'))).toContain('125');
  });

  it('gives 10 pannas for every one of the 100 pairs, each containing both digits', () => {
    for (let n = 0; n < 100; n++) {
      const pair = String(n).padStart(2, '0');
      const out = values(twoDigit(pair));
      expect(out).toHaveLength(10);
      const [a = '', b = ''] = pair;
      for (const p of out) {
        const rest = p.replace(a, '');
        expect(rest).toContain(b);
      }
    }
  });

  it.each([
    ['1', 'Please enter exactly 2 digits'],
    ['', 'Please enter exactly 2 digits'],
    ['123', 'Please enter exactly 2 digits'],
    ['1a', 'Only numbers from 0-9 are allowed'],
  ])('%j is refused with %j', (input, message) => {
    expect(twoDigit(input)).toEqual({ ok: false, message });
  });
});

describe('digitBaseJodi', () => {
  it.each([
    ['3', '', ['30', '31', '32', '33', '34', '35', '36', '37', '38', '39']],
    [undefined, '7', ['07', '17', '27', '37', '47', '57', '67', '77', '87', '97']],
    [
      '3',
      '4',
      [
        '04',
        '14',
        '24',
        '30',
        '31',
        '32',
        '33',
        '34',
        '35',
        '36',
        '37',
        '38',
        '39',
        '44',
        '54',
        '64',
        '74',
        '84',
        '94',
      ],
    ],
  ])('left %j right %j gives %j', (left, right, expected) => {
    expect(digitBaseJodi(left, right)).toEqual({ ok: true, values: expected });
  });

  it.each([
    ['', '', 'Please enter a left or right digit'],
    [null, null, 'Please enter a left or right digit'],
    ['a', '', 'Only numbers from 0-9 are allowed'],
    ['1', 'b', 'Only numbers from 0-9 are allowed'],
    ['12', '', 'Please enter a single digit'],
  ])('left %j right %j is refused with %j', (left, right, message) => {
    expect(digitBaseJodi(left, right)).toEqual({ ok: false, message });
  });
});

describe('choicePanna', () => {
  it.each([
    [{ left: '1', right: '0' }, 'SP', ['190', '120', '130', '140', '150', '160', '170', '180']],
    [{ middle: '9', right: '9' }, 'DP', ['199', '299', '399', '499', '599', '699', '799', '899']],
    [{ left: '9', middle: '9', right: '0' }, 'DP', ['990']],
    [{ left: '5' }, 'TP', ['555']],
    [{ left: '0' }, 'SP', []],
    [{ left: '1', middle: '1', right: '1' }, 'SP', []],
  ] as const)('%j of class %s gives %j', (positions, cls, expected) => {
    expect([...values(choicePanna(positions, cls))].sort()).toEqual([...expected].sort());
  });

  it('matches positions of the written panna, all of one class', () => {
    const out = values(choicePanna({ middle: '5' }, 'SP'));
    expect(out.length).toBeGreaterThan(0);
    for (const p of out) {
      expect(p[1]).toBe('5');
      expect(pannaClass(p)).toBe('SP');
    }
  });

  it.each([
    [{}, 'SP', 'Please select at least one digit'],
    [{ left: '', middle: null }, 'DP', 'Please select at least one digit'],
    [{ left: '1' }, undefined, 'Please select a panna type (SP, DP, TP)'],
    [{ left: '1' }, 'XX', 'Please select a panna type (SP, DP, TP)'],
    [{ middle: 'x' }, 'SP', 'Only numbers from 0-9 are allowed'],
    [{ right: '10' }, 'SP', 'Please enter a single digit'],
  ] as const)('%j with class %j is refused with %j', (positions, cls, message) => {
    // biome-ignore lint/suspicious/noExplicitAny: a wrong class string arrives from the wire in practice
    expect(choicePanna(positions, cls as any)).toEqual({ ok: false, message });
  });
});

describe('groupJodi', () => {
  it.each([
    ['12', ['12', '17', '21', '26', '62', '67', '71', '76']],
    ['49', ['49', '94', '44', '99']],
    ['11', ['11', '16', '61', '66']],
    ['05', ['00', '05', '50', '55']],
    ['38', ['33', '38', '83', '88']],
  ])('%j gives exactly %j', (jodi, expected) => {
    expect([...values(groupJodi(jodi))].sort()).toEqual([...expected].sort());
  });

  it('gives 4 jodis for equal or cut pairs and 8 otherwise', () => {
    for (let n = 0; n < 100; n++) {
      const jodi = String(n).padStart(2, '0');
      const [a = 0, b = 0] = [...jodi].map(Number);
      const small = a === b || (a + 5) % 10 === b;
      expect(values(groupJodi(jodi))).toHaveLength(small ? 4 : 8);
      expect(values(groupJodi(jodi))).toContain(jodi);
    }
  });

  it.each([
    ['1', 'Please enter a valid jodi (00-99)'],
    ['123', 'Please enter a valid jodi (00-99)'],
    ['1x', 'Only numbers from 0-9 are allowed'],
  ])('%j is refused with %j', (jodi, message) => {
    expect(groupJodi(jodi)).toEqual({ ok: false, message });
  });
});

describe('groupPanel', () => {
  it.each([
    ['123', ['123', '178', '137', '128', '678', '236', '268', '367']],
    ['000', ['000', '500', '550', '555']],
    ['112', ['112', '117', '126', '167', '266', '667']],
    ['116', ['116', '111', '166', '666']],
    ['550', ['550', '500', '000', '555']],
    ['127', ['127', '122', '177', '172', '622', '627', '677', '672']],
    ['019', ['190', '140', '159', '145', '690', '640', '569', '456']],
  ])('%j gives exactly %j', (panna, expected) => {
    const canonical = new Set(
      expected.map((p) => [...p].sort((x, y) => (x === '0' ? 10 : +x) - (y === '0' ? 10 : +y)).join('')),
    );
    expect([...values(groupPanel(panna))].sort()).toEqual([...canonical].sort());
  });

  it('families of 8, 6 or 4 partition all 220 pannas', () => {
    const seen = new Map<string, string>();
    for (const p of ALL_PANNAS) {
      const family = values(groupPanel(p));
      expect([4, 6, 8]).toContain(family.length);
      expect(family).toContain(p);
      const key = family.join(',');
      for (const member of family) {
        // Every member of a family produces the same family, so families never overlap.
        expect(values(groupPanel(member)).join(',')).toBe(key);
        seen.set(member, key);
      }
    }
    expect(seen.size).toBe(220);
    const sizes = [...new Set(seen.values())].map((k) => k.split(',').length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(220);
  });

  it.each([['12'], ['12a'], ['']])('%j is refused', (panna) => {
    expect(groupPanel(panna)).toEqual({ ok: false, message: 'Please enter a valid panna' });
  });
});

describe('leftRightFilter', () => {
  const options = ['0', '5', '12', '21', '25', '50', '125'].map((digit) => ({ digit, type: 'x' }));
  const digits = (r: ReturnType<typeof leftRightFilter<{ digit: string }>>): string[] =>
    r.ok ? r.values.map((o) => o.digit) : [];

  it.each([
    ['', 'left', ['0', '5', '12', '21', '25', '50', '125']],
    ['1', 'left', ['12', '125']],
    ['5', 'left', ['5', '50']],
    ['5', 'right', ['5', '25', '125']],
    ['0', 'right', ['0', '50']],
    ['9', 'right', []],
  ] as const)('filter %j on the %s gives %j', (filter, side, expected) => {
    expect(digits(leftRightFilter(options, filter, side))).toEqual(expected);
  });

  it.each([['a'], ['12'], ['-']])('%j shows the digits-only message', (filter) => {
    expect(leftRightFilter(options, filter, 'left')).toEqual({
      ok: false,
      message: 'Only numbers from 0-9 are allowed',
    });
  });
});
