import type { LimitField } from '../../../src/domain/responsible-play';
import type { Queryable } from '../types';
import { lapsedOrder } from './funds';

export interface LimitRow {
  field: LimitField;
  value_paise: number | null;
  pending: boolean;
  pending_value_paise: number | null;
  pending_at: Date | null;
}

export interface PlayerGuardRow {
  paused_until: Date | null;
  pause_kind: 'time-out' | 'self-exclusion' | null;
  adult_confirmed_at: Date | null;
  reality_check_minutes: number;
}

/** Every limit row of a player (`lock`: FOR UPDATE, inside a transaction). */
export async function limitRows(q: Queryable, userId: string, lock = false): Promise<LimitRow[]> {
  const r = await q.query<LimitRow>(
    `SELECT field, value_paise, pending, pending_value_paise, pending_at FROM player_limits
      WHERE user_id = $1 ORDER BY field ${lock ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  return r.rows;
}

export async function writeLimit(
  q: Queryable,
  userId: string,
  row: Omit<LimitRow, 'pending_at'> & { pending_at: Date | null },
): Promise<void> {
  await q.query(
    `INSERT INTO player_limits (user_id, field, value_paise, pending, pending_value_paise, pending_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (user_id, field) DO UPDATE SET value_paise = EXCLUDED.value_paise, pending = EXCLUDED.pending,
       pending_value_paise = EXCLUDED.pending_value_paise, pending_at = EXCLUDED.pending_at, updated_at = now()`,
    [userId, row.field, row.value_paise, row.pending, row.pending_value_paise, row.pending_at],
  );
}

/** The pause, 18+ time and reality-check interval of a player (`lock`: the users row FOR UPDATE). */
export async function playerGuard(
  q: Queryable,
  userId: string,
  lock = false,
): Promise<PlayerGuardRow | null> {
  const r = await q.query<PlayerGuardRow>(
    `SELECT paused_until, pause_kind, adult_confirmed_at, reality_check_minutes FROM users WHERE id = $1
      ${lock ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  return r.rows[0] ?? null;
}

export async function setPause(
  q: Queryable,
  userId: string,
  until: Date,
  kind: 'time-out' | 'self-exclusion',
): Promise<void> {
  await q.query('UPDATE users SET paused_until = $2, pause_kind = $3, updated_at = now() WHERE id = $1', [
    userId,
    until,
    kind,
  ]);
}

export async function setRealityCheck(q: Queryable, userId: string, minutes: number): Promise<void> {
  await q.query('UPDATE users SET reality_check_minutes = $2 WHERE id = $1', [userId, minutes]);
}

export async function confirmAdult(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET adult_confirmed_at = now() WHERE id = $1', [userId]);
}

/** Paise counted against each limit since the given period starts (see docs/api.md for what counts). */
export interface UsageSums {
  deposit_day: number;
  deposit_week: number;
  deposit_month: number;
  stake_day: number;
  loss_day: number;
  loss_week: number;
  loss_month: number;
}

/**
 * Deposits count what was received (successful requests, at the amount credited) and what may still
 * be paid (pending requests, unless their order's window ended without a UTR); a cancelled or
 * failed request counts nothing. docs/upi-auto-match.md "What counts toward a deposit limit".
 */
export async function usageSums(
  q: Queryable,
  userId: string,
  starts: { day: Date; week: Date; month: Date },
  now: Date,
): Promise<UsageSums> {
  const from = new Date(Math.min(starts.day.getTime(), starts.week.getTime(), starts.month.getTime()));
  const r = await q.query<UsageSums>(
    `SELECT d.deposit_day, d.deposit_week, d.deposit_month, b.stake_day, b.loss_day, b.loss_week, b.loss_month
       FROM (SELECT coalesce(sum(amount_paise) FILTER (WHERE created_at >= $2), 0)::int8 AS deposit_day,
                    coalesce(sum(amount_paise) FILTER (WHERE created_at >= $3), 0)::int8 AS deposit_week,
                    coalesce(sum(amount_paise) FILTER (WHERE created_at >= $4), 0)::int8 AS deposit_month
               FROM fund_requests f
              WHERE f.user_id = $1 AND f.created_at >= $5
                AND (f.status = 'success' OR (f.status = 'pending' AND NOT ${lapsedOrder('f', '$6::timestamptz')}))) d,
            (SELECT coalesce(sum(amount_paise) FILTER (WHERE created_at >= $2), 0)::int8 AS stake_day,
                    coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= $2), 0)::int8 AS loss_day,
                    coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= $3), 0)::int8 AS loss_week,
                    coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= $4), 0)::int8 AS loss_month
               FROM bids WHERE user_id = $1 AND created_at >= $5) b`,
    [userId, starts.day, starts.week, starts.month, from, now],
  );
  return r.rows[0] as UsageSums;
}

export async function recordRefusal(q: Queryable, userId: string, limit: string): Promise<void> {
  await q.query('INSERT INTO limit_refusals (user_id, limit_field) VALUES ($1, $2)', [userId, limit]);
}

export async function playSummary(
  q: Queryable,
  userId: string,
  since: Date,
): Promise<{ bids: number; stakes: number; wins: number }> {
  const r = await q.query<{ bids: number; stakes: number; wins: number }>(
    `SELECT count(*)::int8 AS bids, coalesce(sum(amount_paise), 0)::int8 AS stakes,
            coalesce(sum(win_paise), 0)::int8 AS wins
       FROM bids WHERE user_id = $1 AND created_at >= $2`,
    [userId, since],
  );
  return r.rows[0] as { bids: number; stakes: number; wins: number };
}

export async function pausedPlayers(q: Queryable, at: Date) {
  const r = await q.query<{
    id: string;
    phone: string;
    pause_kind: 'time-out' | 'self-exclusion';
    paused_until: Date;
  }>(
    `SELECT id, phone, pause_kind, paused_until FROM users
      WHERE paused_until IS NOT NULL AND paused_until > $1 ORDER BY paused_until`,
    [at],
  );
  return r.rows;
}

export async function refusalCounts(q: Queryable, from: Date, to: Date) {
  const r = await q.query<{ user_id: string; phone: string; limit_field: string; n: number }>(
    `SELECT f.user_id, u.phone, f.limit_field, count(*)::int8 AS n
       FROM limit_refusals f JOIN users u ON u.id = f.user_id
      WHERE f.created_at >= $1 AND f.created_at < $2
      GROUP BY f.user_id, u.phone, f.limit_field ORDER BY n DESC, u.phone, f.limit_field`,
    [from, to],
  );
  return r.rows;
}

/** Of these players, those paused now, by the database's clock (result pushes skip them). */
export async function pausedAmong(q: Queryable, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const r = await q.query<{ id: string }>(
    `SELECT id FROM users WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid) AND paused_until > now()`,
    [JSON.stringify(userIds)],
  );
  return new Set(r.rows.map((x) => x.id));
}

/** A points-mode daily grant, once per player and market day (ledger kind 'grant'). */
export const grantRef = (userId: string, day: string) => `${userId}:${day}`;
