import type { Atom, GameType } from '../../../src/domain/types';
import type { Queryable } from '../types';

export interface PendingBidRow {
  id: string;
  user_id: string;
  game_type: GameType;
  atom: Atom;
  amount_paise: number;
}

/**
 * One keyset page of a market day's pending bids, row-locked. `openOnly` limits it to the Open
 * session bets an open declaration settles (whole-day and Close bets wait for the close).
 */
export async function pendingBidsPage(
  q: Queryable,
  p: { gameId: string; day: string; openOnly: boolean; sessionTypes: string[]; after: string; limit: number },
): Promise<PendingBidRow[]> {
  const scope = p.openOnly
    ? `AND session = 'Open' AND game_type IN (SELECT value FROM jsonb_array_elements_text($5::jsonb))`
    : 'AND $5::jsonb IS NOT NULL';
  const r = await q.query<PendingBidRow>(
    `SELECT id, user_id, game_type, atom, amount_paise FROM bids
      WHERE game_id = $1 AND bid_date = $2 AND status = 'pending' AND id > $3 ${scope}
      ORDER BY id LIMIT $4 FOR UPDATE`,
    [p.gameId, p.day, p.after, p.limit, JSON.stringify(p.sessionTypes)],
  );
  return r.rows;
}

export interface SettledRow {
  id: string;
  user_id: string;
  status: 'won' | 'lost';
  win_paise: number;
  settle_count: number;
  game_type: GameType;
}

/** pending -> won/lost; only rows still pending change, so a second run finds nothing to pay. */
export async function markSettled(
  q: Queryable,
  outcomes: { id: string; status: 'won' | 'lost'; winPaise: number }[],
): Promise<SettledRow[]> {
  if (outcomes.length === 0) return [];
  const r = await q.query<SettledRow>(
    `UPDATE bids b SET status = v.status, win_paise = v.win, settle_count = b.settle_count + 1, settled_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, status text, win int8)
      WHERE b.id = v.id AND b.status = 'pending'
      RETURNING b.id, b.user_id, b.status, b.win_paise, b.settle_count, b.game_type`,
    [JSON.stringify(outcomes.map((o) => ({ id: o.id, status: o.status, win: o.winPaise })))],
  );
  return r.rows;
}

/** Row locks on players in id order: two settlements touching the same players cannot deadlock. */
export async function lockUsers(q: Queryable, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.query(
    `SELECT id FROM users WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))
      ORDER BY id FOR UPDATE`,
    [JSON.stringify([...new Set(userIds)].sort())],
  );
}

export interface LedgerBatchRow {
  userId: string;
  amountPaise: number;
  kind: string;
  refId: string;
  description: string;
}

/**
 * Inserts many ledger rows and moves each balance by exactly the rows that were new
 * (UNIQUE (kind, ref_id) drops repeats). Callers lock the players first (lockUsers); a debit that
 * would make a balance negative trips the users CHECK and rolls the whole transaction back.
 */
export async function applyLedgerBatch(q: Queryable, rows: LedgerBatchRow[]): Promise<{ written: number }> {
  if (rows.length === 0) return { written: 0 };
  const r = await q.query<{ n: number }>(
    `WITH v AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(user_id uuid, amount int8, kind text, ref text, description text)),
     ins AS (
       INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description)
       SELECT user_id, amount, kind, ref, description FROM v
       ON CONFLICT (kind, ref_id) DO NOTHING RETURNING user_id, amount_paise),
     sums AS (SELECT user_id, sum(amount_paise)::int8 AS amount FROM ins GROUP BY user_id),
     upd AS (
       UPDATE users u SET balance_paise = u.balance_paise + s.amount, updated_at = now()
         FROM sums s WHERE u.id = s.user_id RETURNING u.id)
     SELECT (SELECT count(*) FROM ins)::int8 AS n`,
    [
      JSON.stringify(
        rows.map((x) => ({
          user_id: x.userId,
          amount: x.amountPaise,
          kind: x.kind,
          ref: x.refId,
          description: x.description,
        })),
      ),
    ],
  );
  return { written: r.rows[0]?.n ?? 0 };
}

/** Every settled bid of a market day (what a revert takes back), row-locked. */
export async function settledBids(q: Queryable, gameId: string, day: string): Promise<SettledRow[]> {
  const r = await q.query<SettledRow>(
    `SELECT id, user_id, status, win_paise, settle_count, game_type FROM bids
      WHERE game_id = $1 AND bid_date = $2 AND status IN ('won', 'lost') ORDER BY id FOR UPDATE`,
    [gameId, day],
  );
  return r.rows;
}

export async function reopenBids(q: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    `UPDATE bids SET status = 'pending', win_paise = 0, settled_at = NULL
      WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(ids)],
  );
}
