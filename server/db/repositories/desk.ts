import type { Queryable } from '../types';

export interface DeskTotalsRow {
  user_id: string;
  balance_paise: number;
  deposits_paise: number;
  staked_paise: number;
  won_paise: number;
  withdrawn_paise: number;
}

/**
 * For the money desk: each player's balance and, over the last 7 days, deposits credited, stakes
 * placed, wins credited (net of reversals) and withdrawals held (net of refunds), from the ledger.
 */
export async function deskTotals(q: Queryable, userIds: string[]): Promise<DeskTotalsRow[]> {
  if (userIds.length === 0) return [];
  const r = await q.query<DeskTotalsRow>(
    `SELECT u.id AS user_id, u.balance_paise,
            COALESCE(sum(l.amount_paise) FILTER (WHERE l.kind = 'fund'), 0)::int8 AS deposits_paise,
            COALESCE(-sum(l.amount_paise) FILTER (WHERE l.kind = 'bid'), 0)::int8 AS staked_paise,
            COALESCE(sum(l.amount_paise) FILTER (WHERE l.kind IN ('win', 'win-reversal')), 0)::int8 AS won_paise,
            COALESCE(-sum(l.amount_paise) FILTER (WHERE l.kind IN ('withdrawal', 'withdrawal-refund')), 0)::int8
              AS withdrawn_paise
       FROM users u
       LEFT JOIN ledger l ON l.user_id = u.id AND l.created_at > now() - interval '7 days'
      WHERE u.id = ANY($1::uuid[])
      GROUP BY u.id`,
    [userIds],
  );
  return r.rows;
}

export interface DeskEntryRow {
  user_id: string;
  amount_paise: number;
  description: string;
  status: string;
  created_at: Date;
}

/** Each player's last `n` ledger entries, newest first. */
export async function deskRecent(q: Queryable, userIds: string[], n: number): Promise<DeskEntryRow[]> {
  if (userIds.length === 0) return [];
  const r = await q.query<DeskEntryRow>(
    `SELECT user_id, amount_paise, description, status, created_at FROM (
       SELECT l.*, row_number() OVER (PARTITION BY l.user_id ORDER BY l.created_at DESC, l.id DESC) AS rn
         FROM ledger l WHERE l.user_id = ANY($1::uuid[])) x
      WHERE rn <= $2 ORDER BY user_id, created_at DESC`,
    [userIds, n],
  );
  return r.rows;
}
