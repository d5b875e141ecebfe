import { expect } from 'vitest';
import type { Queryable } from '../../../../server/db/types';

/**
 * The money invariants every test ends with:
 * - every player's balance equals the sum of their ledger rows and is never negative;
 * - every bid submission has exactly one 'bid' debit equal to its bids' total;
 * - every bid's wins minus reversals equal its current win (won) or zero (pending/lost);
 * - every successful fund request has exactly one 'fund' credit of its amount, others none;
 * - every withdrawal has exactly one hold of its amount; rejected and cancelled ones one refund,
 *   others none.
 */
export async function assertInvariants(db: Queryable): Promise<void> {
  const balances = await db.query<{ id: string; balance_paise: number; ledger: number }>(
    `SELECT u.id, u.balance_paise, COALESCE(sum(l.amount_paise), 0)::int8 AS ledger
       FROM users u LEFT JOIN ledger l ON l.user_id = u.id GROUP BY u.id`,
  );
  for (const u of balances.rows) {
    expect(u.balance_paise, `balance of ${u.id}`).toBe(u.ledger);
    expect(u.balance_paise).toBeGreaterThanOrEqual(0);
  }
  const requests = await db.query<{ request_id: string; total: number; debits: number; debit_sum: number }>(
    `SELECT b.request_id, sum(b.amount_paise)::int8 AS total,
            (SELECT count(*) FROM ledger l WHERE l.kind = 'bid' AND l.ref_id = b.request_id::text)::int8 AS debits,
            (SELECT COALESCE(sum(amount_paise), 0) FROM ledger l WHERE l.kind = 'bid' AND l.ref_id = b.request_id::text)::int8 AS debit_sum
       FROM bids b GROUP BY b.request_id`,
  );
  for (const r of requests.rows) {
    expect(r.debits, `debits of request ${r.request_id}`).toBe(1);
    expect(r.debit_sum).toBe(-r.total);
  }
  const orphanDebits = await db.query(
    `SELECT 1 FROM ledger l WHERE l.kind = 'bid' AND NOT EXISTS (SELECT 1 FROM bids b WHERE b.request_id::text = l.ref_id)`,
  );
  expect(orphanDebits.rows.length, 'bid debits without bids').toBe(0);
  const wins = await db.query<{ id: string; status: string; win_paise: number; net: number; n: number }>(
    `SELECT b.id, b.status, b.win_paise,
            COALESCE(sum(l.amount_paise), 0)::int8 AS net, count(l.id)::int8 AS n
       FROM bids b LEFT JOIN ledger l
         ON l.kind IN ('win', 'win-reversal') AND (l.ref_id = b.id::text OR l.ref_id LIKE b.id::text || '#%')
      GROUP BY b.id`,
  );
  for (const w of wins.rows) {
    expect(w.net, `net win of bid ${w.id}`).toBe(w.status === 'won' ? w.win_paise : 0);
  }
  const funds = await db.query<{ id: string; status: string; amount_paise: number; n: number; s: number }>(
    `SELECT f.id, f.status, f.amount_paise, count(l.id)::int8 AS n, COALESCE(sum(l.amount_paise), 0)::int8 AS s
       FROM fund_requests f LEFT JOIN ledger l ON l.kind = 'fund' AND l.ref_id = f.id::text GROUP BY f.id`,
  );
  for (const f of funds.rows) {
    expect(f.n, `fund credits of ${f.id}`).toBe(f.status === 'success' ? 1 : 0);
    expect(f.s).toBe(f.status === 'success' ? f.amount_paise : 0);
  }
  const wds = await db.query<{
    id: string;
    status: string;
    amount_paise: number;
    holds: number;
    hold: number;
    refunds: number;
    hold_status: string;
  }>(
    `SELECT w.id, w.status, w.amount_paise,
            (SELECT count(*) FROM ledger l WHERE l.kind = 'withdrawal' AND l.ref_id = w.id::text)::int8 AS holds,
            (SELECT COALESCE(sum(amount_paise), 0) FROM ledger l WHERE l.kind = 'withdrawal' AND l.ref_id = w.id::text)::int8 AS hold,
            (SELECT count(*) FROM ledger l WHERE l.kind = 'withdrawal-refund' AND l.ref_id = w.id::text)::int8 AS refunds,
            (SELECT min(status) FROM ledger l WHERE l.kind = 'withdrawal' AND l.ref_id = w.id::text) AS hold_status
       FROM withdrawals w`,
  );
  for (const w of wds.rows) {
    expect(w.holds, `holds of withdrawal ${w.id}`).toBe(1);
    expect(w.hold).toBe(-w.amount_paise);
    expect(w.refunds).toBe(w.status === 'rejected' || w.status === 'cancelled' ? 1 : 0);
    expect(w.hold_status).toBe(
      { pending: 'pending', approved: 'completed', rejected: 'failed', cancelled: 'failed' }[w.status],
    );
  }
}
