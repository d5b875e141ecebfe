import { expect } from 'vitest';
import type { PlayerFixture } from '../helpers/fixtures';
import type { TestContext } from '../helpers/test-app';

/**
 * A player's ₹300 deposit request and a bank message of ₹299 the matcher left unmatched (stored
 * as it would be): an operator's match of the two waits for an owner's approval.
 */
export async function lateMessage(t: TestContext, player: PlayerFixture) {
  const fund = await t.request('POST', '/api/v1/user/fund', { token: player.token, body: { amount: 300 } });
  expect(fund.status, JSON.stringify(fund.body)).toBe(201);
  const message = await t.db.query<{ id: string }>(
    `INSERT INTO payment_notifications (received_at, text, source, amount_paise, outcome, reason)
     VALUES (now(), 'Rs 299.00 credited to A/c XX1234', 'text', 29900, 'unmatched', 'no-order') RETURNING id`,
  );
  return { id: message.rows[0]?.id as string, fundId: fund.body.data.fundId as string };
}
