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

export interface DeskGuardRow {
  user_id: string;
  paused_until: Date | null;
  pause_kind: 'time-out' | 'self-exclusion' | null;
}

/** Each player's pause (a time-out or self-exclusion; it may have ended). */
export async function deskPauses(q: Queryable, userIds: string[]): Promise<DeskGuardRow[]> {
  if (userIds.length === 0) return [];
  const r = await q.query<DeskGuardRow>(
    'SELECT id AS user_id, paused_until, pause_kind FROM users WHERE id = ANY($1::uuid[])',
    [userIds],
  );
  return r.rows;
}

export interface DeskDepositLimitRow {
  user_id: string;
  field: 'depositDay' | 'depositWeek' | 'depositMonth';
  value_paise: number | null;
  pending: boolean;
  pending_value_paise: number | null;
  pending_at: Date | null;
}

/** Each player's deposit limit rows (the value in force is worked out by the service). */
export async function deskDepositLimits(q: Queryable, userIds: string[]): Promise<DeskDepositLimitRow[]> {
  if (userIds.length === 0) return [];
  const r = await q.query<DeskDepositLimitRow>(
    `SELECT user_id, field, value_paise, pending, pending_value_paise, pending_at FROM player_limits
      WHERE user_id = ANY($1::uuid[]) AND field IN ('depositDay', 'depositWeek', 'depositMonth')`,
    [userIds],
  );
  return r.rows;
}

/** Money received (credited deposits) per player since the day, week and month began. */
export async function deskReceived(
  q: Queryable,
  userIds: string[],
  starts: { day: Date; week: Date; month: Date },
): Promise<Array<{ user_id: string; day: number; week: number; month: number }>> {
  if (userIds.length === 0) return [];
  const from = new Date(Math.min(starts.day.getTime(), starts.week.getTime(), starts.month.getTime()));
  const r = await q.query<{ user_id: string; day: number; week: number; month: number }>(
    `SELECT user_id,
            coalesce(sum(amount_paise) FILTER (WHERE created_at >= $2), 0)::int8 AS day,
            coalesce(sum(amount_paise) FILTER (WHERE created_at >= $3), 0)::int8 AS week,
            coalesce(sum(amount_paise) FILTER (WHERE created_at >= $4), 0)::int8 AS month
       FROM fund_requests WHERE user_id = ANY($1::uuid[]) AND status = 'success' AND created_at >= $5
      GROUP BY user_id`,
    [userIds, starts.day, starts.week, starts.month, from],
  );
  return r.rows;
}
