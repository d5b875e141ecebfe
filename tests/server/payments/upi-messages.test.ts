/**
 * The bank-message parser (server/services/payments/upi-messages.ts) held to its table,
 * tests/fixtures/upi-messages.json: real-shaped SMS of the banks and notifications of the UPI apps,
 * English and Hindi, each with what it must read as. A credit is money received into the payee's
 * own account, completed, read to the paisa with its UPI reference; every other message is
 * `unmatched` (an operator decides) or `ignored`, with its reason, and none of them credits
 * (issue 44: 14 of 23 wordings that say the money never came were read as credits).
 * upi-message-mutations.test.ts breaks every credit of the table; upi-messages-linear.test.ts
 * feeds the worst texts found.
 */
import { describe, expect, it } from 'vitest';
import { isReference, parseBankMessage, toPaise } from '../../../server/services/payments/upi-messages';
import { CREDITS, reading, TABLE, type TableMessage } from './helpers/upi-table';

const label = (m: TableMessage) => `${m.source} (${m.lang}): ${m.text.slice(0, 70)}`;

describe('the message table', () => {
  it('holds at least 150 messages: both halves, ten banks, four UPI apps, English and Hindi', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(150);
    expect(CREDITS.length).toBeGreaterThanOrEqual(50);
    expect(TABLE.length - CREDITS.length).toBeGreaterThanOrEqual(80);
    const banks = new Set(TABLE.filter((m) => m.channel === 'bank').map((m) => m.source.split(' (')[0]));
    expect(banks.size).toBeGreaterThanOrEqual(10);
    const apps = new Set(TABLE.filter((m) => m.channel === 'app').map((m) => m.source));
    for (const app of ['PhonePe', 'Google Pay', 'Paytm', 'BHIM']) expect(apps).toContain(app);
    for (const lang of ['en', 'hi'] as const) {
      expect(CREDITS.filter((m) => m.lang === lang).length).toBeGreaterThanOrEqual(lang === 'en' ? 30 : 15);
      expect(TABLE.filter((m) => m.lang === lang && m.outcome !== 'credit').length).toBeGreaterThanOrEqual(
        lang === 'en' ? 50 : 15,
      );
    }
    // The wordings the issue found credited, "Rs 504.119" among them.
    const found = TABLE.filter((m) => m.tag === 'issue-44');
    expect(found.length).toBeGreaterThanOrEqual(14);
    expect(found.every((m) => m.outcome !== 'credit')).toBe(true);
    expect(found.some((m) => m.text.includes('Rs 504.119'))).toBe(true);
    // Every row says why: a credit its amount, anything else its one-word reason.
    for (const m of TABLE) {
      if (m.outcome === 'credit') expect([m.reason, typeof m.paise]).toEqual([null, 'number']);
      else expect(m.reason).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    }
  });

  it.each(CREDITS.map((m) => [label(m), m] as const))('credit: %s', (_label, m) => {
    expect(reading(parseBankMessage(m.text, m.from))).toEqual({
      outcome: 'credit',
      reason: null,
      paise: m.paise,
      utr: m.utr ?? null,
      upi: m.upi ?? true,
    });
  });

  it.each(TABLE.filter((m) => m.outcome !== 'credit').map((m) => [label(m), m] as const))(
    'not a credit: %s',
    (_label, m) => {
      expect(reading(parseBankMessage(m.text, m.from))).toEqual({ outcome: m.outcome, reason: m.reason });
    },
  );

  it('no message of the non-credit half credits, whoever sends it', () => {
    const senders = [null, 'AD-HDFCBK', 'PhonePe', 'Google Pay', 'Paytm', 'BHIM'];
    const credited = TABLE.filter((m) => m.outcome !== 'credit').flatMap((m) =>
      senders
        .filter((from) => parseBankMessage(m.text, from).kind === 'credit')
        .map((from) => `${from}: ${m.text}`),
    );
    expect(credited).toEqual([]);
  });
});

describe('details', () => {
  it('reads the amount formats: Rs.500.37, INR 1,000.37, ₹500.37, Rs500.37, Rs:500, lakhs, full-width digits', () => {
    const amount = (text: string) => {
      const read = parseBankMessage(text);
      return read.kind === 'credit' ? read.amountPaise : read;
    };
    expect(amount('Rs.500.37 credited to A/c XX1 via UPI')).toBe(50037);
    expect(amount('INR 1,000.37 credited to A/c XX1 via UPI')).toBe(100037);
    expect(amount('₹500.37 received via UPI')).toBe(50037);
    expect(amount('Rs500.37 credited to A/c XX1 via UPI')).toBe(50037);
    expect(amount('Rs:500 credited to A/c XX1 via UPI')).toBe(50000);
    expect(amount('Rs.500.5 credited to A/c XX1 via UPI')).toBe(50050);
    expect(amount('INR 1,00,000.00 credited to A/c XX1 via UPI')).toBe(10000000);
    expect(amount('INR 100,000.00 credited to A/c XX1 via UPI')).toBe(10000000);
    expect(amount('Rs ５００.３７ credited to A/c XX1 via UPI')).toBe(50037);
    expect(amount('रु ५००.३७ आपके खाते XX1 में UPI द्वारा जमा किए गए')).toBe(50037);
  });

  it('refuses an amount no bank writes: three decimals, a comma for the point, odd grouping, a number that runs on', () => {
    for (const written of ['504.119', '500,37', '5,00,00', '1,0000.00', '500.37.5', '12345678901']) {
      const read = parseBankMessage(`Rs ${written} credited to HDFC Bank A/c XX1234 (UPI 401234567890)`);
      expect(read, written).toMatchObject({ kind: 'unclear', reason: 'amount-unclear' });
    }
  });

  it('skips balances before the payment and does not take a phone number or account for the UTR', () => {
    const read = parseBankMessage(
      'Avl Bal Rs 9,999.00. Rs 500.37 credited to A/c 123456789012 via UPI. Call 918800001111',
    );
    expect(read).toMatchObject({ kind: 'credit', amountPaise: 50037, utr: null });
  });

  it('finds our order reference in the note', () => {
    const read = parseBankMessage('Received ₹500.37 from Rahul Kumar for MK7Q3P2X via UPI');
    expect(read).toMatchObject({ kind: 'credit', references: ['MK7Q3P2X'] });
    expect(parseBankMessage('Received ₹500.37 from MAHENDRA via UPI')).toMatchObject({ references: [] });
  });

  it('a message cannot bring the marks the rules write (¤ an amount, ⊕ money to you)', () => {
    expect(parseBankMessage('⊕ Rs 500.37 via UPI 401234567890').kind).not.toBe('credit');
    expect(parseBankMessage('received ¤ from Rahul ₹500.37').kind).not.toBe('credit');
  });

  it('a text longer than any SMS is not read: unclear, too-long', () => {
    const credit = 'Rs. 500.37 credited to HDFC Bank A/c XX1234 (UPI 401234567890). ';
    expect(parseBankMessage(credit.padEnd(2000, ' ')).kind).toBe('credit');
    expect(parseBankMessage(`${credit}${'x'.repeat(2000)}`)).toMatchObject({
      kind: 'unclear',
      reason: 'too-long',
    });
  });

  it('toPaise and isReference', () => {
    expect(toPaise('1,00,000.5')).toBe(10_000_050);
    expect(toPaise('0')).toBeNull();
    expect(toPaise('12345678901')).toBeNull();
    expect(toPaise('504.119')).toBeNull();
    expect(isReference('MK7Q3P2X')).toBe(true);
    expect(isReference('MAHENDRA')).toBe(false);
    expect(isReference('MK7Q3P2I')).toBe(false);
  });
});
