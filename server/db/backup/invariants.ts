import { paiseToPoints } from '../../../src/domain/money';
import type { Queryable } from '../types';

/**
 * The money invariants a restore checks on what it loaded, before it lets anyone use it (issue 45):
 * each player's balance equals the sum of their ledger (the watchdog's ledger-drift check,
 * repositories/watchdog-checks.ts, over everyone at once), and each bid submission has exactly one
 * 'bid' debit of its bids' total, with no debit left without its bids. A sealed file from a
 * server whose data was already wrong, or one this program misread, fails here.
 */

/** How many breaking rows a message names per invariant. */
const NAMED = 5;

interface Check {
  name: string;
  sql: string;
  line: (row: Record<string, unknown>) => string;
}

const points = (paise: unknown) => paiseToPoints(Number(paise)).toFixed(2);

const CHECKS: Check[] = [
  {
    name: 'a balance its ledger does not explain',
    sql: `SELECT u.id::text AS id, u.phone, u.balance_paise, coalesce(l.total, 0)::int8 AS ledger_paise
            FROM users u
            LEFT JOIN (SELECT user_id, sum(amount_paise) AS total FROM ledger GROUP BY user_id) l
              ON l.user_id = u.id
           WHERE u.balance_paise <> coalesce(l.total, 0)
           ORDER BY abs(u.balance_paise - coalesce(l.total, 0)) DESC, u.id LIMIT ${NAMED}`,
    line: (r) =>
      `player ${r.phone} (users.id ${r.id}): balance ${points(r.balance_paise)}, ledger sum ${points(r.ledger_paise)}`,
  },
  {
    name: 'a bid submission without exactly one debit of its total',
    sql: `SELECT b.request_id::text AS request_id, b.total, coalesce(d.n, 0)::int8 AS debits,
                 coalesce(d.debited, 0)::int8 AS debited
            FROM (SELECT request_id, sum(amount_paise)::int8 AS total FROM bids GROUP BY request_id) b
            LEFT JOIN (SELECT ref_id, count(*) AS n, sum(amount_paise) AS debited FROM ledger
                        WHERE kind = 'bid' GROUP BY ref_id) d ON d.ref_id = b.request_id::text
           WHERE coalesce(d.n, 0) <> 1 OR coalesce(d.debited, 0) <> -b.total
           ORDER BY b.request_id LIMIT ${NAMED}`,
    line: (r) =>
      `bids.request_id ${r.request_id}: bids of ${points(r.total)}, ${r.debits} debit(s) of ${points(-Number(r.debited))}`,
  },
  {
    name: 'a bid debit without its bids',
    sql: `SELECT l.id::text AS id, l.ref_id, l.amount_paise FROM ledger l
           WHERE l.kind = 'bid' AND NOT EXISTS (SELECT 1 FROM bids b WHERE b.request_id::text = l.ref_id)
           ORDER BY l.id LIMIT ${NAMED}`,
    line: (r) =>
      `ledger.id ${r.id}: a bid debit of ${points(-Number(r.amount_paise))} for ${r.ref_id}, no such bids`,
  },
];

/** The broken invariants, each with the first rows that break it; empty when the money holds. */
export async function brokenMoneyInvariants(q: Queryable): Promise<Array<{ name: string; rows: string[] }>> {
  const broken: Array<{ name: string; rows: string[] }> = [];
  for (const check of CHECKS) {
    const r = await q.query<Record<string, unknown>>(check.sql);
    if (r.rows.length > 0) broken.push({ name: check.name, rows: r.rows.map(check.line) });
  }
  return broken;
}
