/**
 * Mutations of every credit in the message table (tests/fixtures/upi-messages.json): a phrase of
 * failure, negation, doubt, reversal or money going elsewhere, in English or Hindi, inserted at
 * the start, the end and between words, must leave no credit; so must a second amount, a third
 * decimal or a decimal comma. A changed amount is read as the new one, to the paisa: the parser
 * reads the message, it does not recognise the table.
 */
import { describe, expect, it } from 'vitest';
import { parseBankMessage } from '../../../server/services/payments/upi-messages';
import { CREDITS, type TableMessage } from './helpers/upi-table';

/** Phrases that make a credit message say the money did not (or not surely) reach the payee. */
const REFUSALS = [
  'not credited',
  'was not credited',
  'has not been credited',
  'NOT',
  'never',
  'could not be credited',
  "couldn't be credited due to technical error",
  'credit failed',
  'Transaction FAILED',
  'declined',
  'unsuccessful',
  'rejected',
  'cancelled',
  'pending',
  'is pending',
  'on hold',
  'held',
  'under review',
  'disputed',
  'This credit is disputed and held',
  'blocked',
  'was blocked',
  'frozen',
  'reversed',
  'reversal',
  'returned',
  'money returned to remitter',
  'has been debited back',
  'credited back',
  'will be credited',
  'yet to be credited',
  'not received',
  'never received',
  'awaiting confirmation',
  'processing',
  'in process',
  'error',
  'chargeback',
  'kept in suspense',
  'credited to beneficiary',
  'credited to rahul@ybl',
  'received by Rahul Kumar from your account',
  'You have successfully transferred',
  'debited',
  'sent',
  "didn't reach",
  'नहीं',
  'जमा नहीं हुए',
  'विफल',
  'असफल',
  'लंबित',
  'रोक',
  'रोका गया',
  'वापस',
  'प्रेषक को वापस',
  'समीक्षा में',
  'विवादित',
  'जमा किए जाएंगे',
  'डेबिट',
  'नामे',
  'लाभार्थी',
];

/** Where a phrase goes: before the first word, after the first, in the middle, before the last, after the last. */
function insertions(text: string, phrase: string): string[] {
  return placed(text, phrase).map(([mutated]) => mutated);
}

/** The same, each with the word the phrase now follows ('' at the start). */
function placed(text: string, phrase: string): [mutated: string, after: string][] {
  const words = text.split(' ');
  const at = [0, 1, Math.floor(words.length / 2), words.length - 1, words.length];
  return [...new Set(at)].map((i) => [
    [...words.slice(0, i), phrase, ...words.slice(i)].join(' '),
    words[i - 1] ?? '',
  ]);
}

/**
 * Where the table's amount is written in the message (its NFKC form), so a mutation can change it:
 * answers `replace(by)`, the message with the amount written otherwise. Null when not found.
 */
function amountIn(m: TableMessage): { written: string; replace: (by: string) => string } | null {
  const text = m.text.normalize('NFKC');
  const paise = m.paise as number;
  const rupees = Math.floor(paise / 100).toLocaleString('en-IN');
  const decimals = paise % 100;
  const forms = [
    `${rupees}.${String(decimals).padStart(2, '0')}`,
    ...(decimals % 10 === 0 ? [`${rupees}.${decimals / 10}`] : []),
    ...(decimals === 0 ? [rupees] : []),
  ];
  for (const written of forms) {
    const found = new RegExp(`(?<!\\d|\\d[.,])${written.replace(/\./g, '\\.')}(?![\\d]|[.,]\\d)`).exec(text);
    if (found) {
      const at = found.index;
      return { written, replace: (by) => `${text.slice(0, at)}${by}${text.slice(at + written.length)}` };
    }
  }
  return null;
}

/** A word after which an amount is the bank's balance by its own words ("Avl Bal", "उपलब्ध शेष"). */
const BALANCE_WORD = /(?:\b(?:bal|balance|avl|avlbl|avail|available|total)\b[:.]?|शेष|उपलब्ध)$/i;

const credited = (text: string, from: string | null) => parseBankMessage(text, from).kind === 'credit';

describe('mutations of every credit in the table', () => {
  it('the table has credits to mutate, and each reads as a credit unmutated', () => {
    expect(CREDITS.length).toBeGreaterThanOrEqual(50);
    for (const m of CREDITS) expect(credited(m.text, m.from), m.text).toBe(true);
  });

  it(`no credit survives any of ${REFUSALS.length} refusals inserted at five places`, () => {
    const survivors: string[] = [];
    let tried = 0;
    for (const m of CREDITS) {
      for (const phrase of REFUSALS) {
        for (const text of insertions(m.text, phrase)) {
          tried += 1;
          if (credited(text, m.from)) survivors.push(text);
        }
      }
    }
    expect(tried).toBeGreaterThan(CREDITS.length * REFUSALS.length * 3);
    expect(survivors).toEqual([]);
  });

  it('a changed amount is read as the new one, to the paisa', () => {
    let changed = 0;
    for (const m of CREDITS) {
      const amount = amountIn(m);
      if (!amount) continue;
      const text = amount.replace('1,234.56');
      expect(parseBankMessage(text, m.from), text).toMatchObject({ kind: 'credit', amountPaise: 123456 });
      changed += 1;
    }
    expect(changed).toBe(CREDITS.length);
  });

  it('a third decimal, a decimal comma or a number that runs on is never a credit', () => {
    const survivors: string[] = [];
    for (const m of CREDITS) {
      const amount = amountIn(m);
      if (!amount) continue;
      const rupees = Math.floor((m.paise as number) / 100).toLocaleString('en-IN');
      const paise = String((m.paise as number) % 100).padStart(2, '0');
      const bad = [
        `${rupees}.${paise}9`,
        `${rupees}.${paise}0`,
        `${rupees},${paise}`,
        `${rupees}.${paise}.5`,
      ];
      for (const written of bad) {
        const text = amount.replace(written);
        if (credited(text, m.from)) survivors.push(text);
      }
    }
    expect(survivors).toEqual([]);
  });

  it('a second, different amount anywhere is never a credit', () => {
    const survivors: string[] = [];
    for (const m of CREDITS) {
      for (const second of ['Rs 777.77', '₹ 5,000', 'INR 12.30', 'रु 900', '777.77']) {
        for (const [text, after] of placed(m.text, second)) {
          // Right after "Avl Bal" or "उपलब्ध" an amount is the balance, by the message's own words.
          if (BALANCE_WORD.test(after)) continue;
          if (credited(text, m.from)) survivors.push(text);
        }
      }
    }
    expect(survivors).toEqual([]);
  });

  it('the same amount said twice is still the one credit', () => {
    for (const m of CREDITS) {
      const amount = amountIn(m);
      if (!amount) continue;
      const text = `${m.text} Amount: Rs ${amount.written}`;
      expect(parseBankMessage(text, m.from), text).toMatchObject({ kind: 'credit', amountPaise: m.paise });
    }
  });
});
