/**
 * Reading a message takes linear time (issue 44: a 6 KB text of U+2177, which NFKC expands, cost
 * 82-141 ms a request, and the UPI-address pattern was quadratic on long letter runs). The worst
 * texts found (scripts/bench/upi-worst-texts.mjs, each at the parser's 2,000-character cap) are
 * each read in well under the budget below, measured as this process's CPU time, the best of five
 * runs (a quadratic pattern at this size costs tens of milliseconds). The figures themselves are
 * `npm run bench`'s (scripts/bench/upi-parse.mjs). A text longer than any SMS is not read at all.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { MAX_CHARS, worstTexts } from '../../../scripts/bench/upi-worst-texts.mjs';
import { MAX_MESSAGE_CHARS, parseBankMessage } from '../../../server/services/payments/upi-messages';
import { createTestContext } from '../helpers/test-app';
import { upiAutoEnv } from './helpers/upi-env';

/** A budget no linear reading comes near, and every quadratic one found passed. */
const BUDGET_MS = 15;

function cpuMs(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

describe('reading a message is linear', () => {
  it('the worst texts are at the cap, and fit the notify body limit', () => {
    expect(MAX_CHARS).toBe(MAX_MESSAGE_CHARS);
    const texts = worstTexts();
    expect(texts.length).toBeGreaterThanOrEqual(25);
    for (const [name, text] of texts) {
      expect(text.length, name).toBeLessThanOrEqual(MAX_CHARS);
      expect(Buffer.byteLength(text), name).toBeLessThanOrEqual(8192);
    }
  });

  it.each(worstTexts())(`%s: read in under ${BUDGET_MS} ms of CPU`, (_name, text) => {
    parseBankMessage(text, 'AD-HDFCBK');
    expect(cpuMs(() => parseBankMessage(text, 'AD-HDFCBK'))).toBeLessThan(BUDGET_MS);
  });

  it('each worst text grown to UPI_NOTIFY_MAX_BYTES (8 KB) is longer than any SMS: refused unread, at once', () => {
    for (const [name, text] of worstTexts()) {
      // The text repeated character by character up to 8,192 bytes of UTF-8.
      let big = text;
      for (let i = 0; Buffer.byteLength(big) < 8192; i++) big += text[i % text.length];
      if (Buffer.byteLength(big) > 8192) big = big.slice(0, -1);
      expect(big.length, name).toBeGreaterThan(MAX_CHARS);
      expect(parseBankMessage(big), name).toMatchObject({ kind: 'unclear', reason: 'too-long' });
      expect(
        cpuMs(() => parseBankMessage(big)),
        name,
      ).toBeLessThan(BUDGET_MS);
    }
  });

  it("the issue's 6 KB of U+2177 is not read: NFKC would make it 8,000 letters", () => {
    expect(parseBankMessage('\u2177'.repeat(2000))).toMatchObject({ kind: 'unclear', reason: 'too-long' });
    expect(parseBankMessage('\u2177'.repeat(1001))).toMatchObject({ kind: 'unclear', reason: 'too-long' });
  });

  it('the notify endpoint stores such a message as unmatched, too-long, and answers at once', async () => {
    const t = await createTestContext({
      env: upiAutoEnv('linear-notify-secret-0123456789'),
    });
    try {
      // A credit with a refusal past 2,000 characters: never cut short and credited.
      const text = `Rs. 500.37 credited to HDFC Bank A/c XX1234 (UPI 401234567890) ${'x '.repeat(1100)} was not credited`;
      const res = await t.request('POST', '/api/payment/notify/linear-notify-secret-0123456789', {
        body: { from: 'AD-HDFCBK', text },
      });
      expect(res.body.data).toMatchObject({ outcome: 'unmatched', reason: 'too-long' });
      const row = await t.db.query<{ text: string }>('SELECT text FROM payment_notifications WHERE id = $1', [
        res.body.data._id,
      ]);
      expect(row.rows[0]?.text).toBe(text);
    } finally {
      await t.close();
    }
  });
});
