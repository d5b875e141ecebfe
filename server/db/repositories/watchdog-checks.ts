import type { Queryable } from '../types';

// What the watchdog's checks read (server/services/watchdog/checks.ts), and the metrics' money gauges.

export interface DriftRow {
  id: string;
  phone: string;
  balance_paise: number;
  ledger_paise: number;
}

/**
 * Players whose balance differs from the sum of their ledger, among: the next `sweep` players in id
 * order after `after` (the sweep over everyone: their sums come from ONE range scan of
 * ledger_user_amount_idx, migration 018, read in user order beside the players' rows), and the
 * players named by `userIds` (open findings) or with a ledger row created after `ledgerSince` (an
 * index-only sum each). Balance and sum are read in one statement, so a transaction in flight (which
 * moves both together) is never half-seen. The biggest drift first, at most 1000. `next` is where
 * the sweep goes on (null once it wrapped around).
 */
export async function driftingPlayers(
  q: Queryable,
  p: { userIds: string[]; ledgerSince: Date; after: string | null; sweep: number },
): Promise<{ rows: DriftRow[]; checked: number; next: string | null }> {
  // The slice's last id first: as a constant, it lets the planner range-scan both indexes.
  const bound = await q.query<{ hi: string | null; n: number }>(
    `SELECT max(id::text) AS hi, count(*)::int8 AS n
       FROM (SELECT id FROM users WHERE $1::uuid IS NULL OR id > $1 ORDER BY id LIMIT $2) s`,
    [p.after, p.sweep],
  );
  const hi = bound.rows[0]?.hi ?? null;
  // Below every id gen_random_uuid() makes (version 4: never all zeros).
  const lo = p.after ?? '00000000-0000-0000-0000-000000000000';
  const r = await q.query<DriftRow & { checked: number }>(
    `WITH swept AS (
       SELECT u.id, u.phone, u.balance_paise, coalesce(l.total, 0)::int8 AS ledger_paise
         FROM users u
         LEFT JOIN (SELECT user_id, sum(amount_paise) AS total FROM ledger
                     WHERE user_id > $3::uuid AND user_id <= $4::uuid GROUP BY user_id) l ON l.user_id = u.id
        WHERE u.id > $3::uuid AND u.id <= $4::uuid),
     named AS (
       -- One lookup per named player (LIMIT 1 keeps it a lookup: a join would scan every player).
       SELECT u.id, u.phone, u.balance_paise,
              (SELECT coalesce(sum(l.amount_paise), 0) FROM ledger l WHERE l.user_id = u.id)::int8 AS ledger_paise
         FROM (SELECT unnest($1::uuid[]) AS id UNION SELECT user_id FROM ledger WHERE created_at > $2) n
         CROSS JOIN LATERAL (SELECT id, phone, balance_paise FROM users WHERE id = n.id LIMIT 1) u
        WHERE NOT (n.id > $3::uuid AND n.id <= $4::uuid)),
     s AS MATERIALIZED (SELECT * FROM swept UNION ALL SELECT * FROM named)
     SELECT (SELECT count(*) FROM s)::int8 AS checked, d.*
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (
         SELECT s.id::text AS id, s.phone, s.balance_paise, s.ledger_paise FROM s
          WHERE s.balance_paise <> s.ledger_paise
          ORDER BY abs(s.balance_paise - s.ledger_paise) DESC, s.id LIMIT 1000) d ON true`,
    // The slice is (lo, hi]; nobody after `after`: an empty range.
    [p.userIds, p.ledgerSince, lo, hi ?? lo],
  );
  const checked = Number(r.rows[0]?.checked ?? 0);
  const rows = r.rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id,
      phone: row.phone,
      balance_paise: Number(row.balance_paise),
      ledger_paise: Number(row.ledger_paise),
    }));
  const full = Number(bound.rows[0]?.n ?? 0) >= p.sweep;
  return { rows, checked, next: full ? hi : null };
}

export interface StuckRow {
  result_id: string;
  family: string;
  game_id: string;
  game_name: string;
  result_date: string;
  declared_at: Date;
  bids: number;
  stake_paise: number;
}

/**
 * Declared results whose bids are still pending: results declared in (since, until] (each looked at
 * once after its declaration) and the results `resultIds` (open findings, looked at each pass). A
 * main market counts once its close is declared (Open-session bets settle at the open, but
 * whole-day ones wait for the close); starline and galidisawar once drawn.
 */
export async function pendingAfterDeclaration(
  q: Queryable,
  p: { since: Date; until: Date; resultIds: string[] },
): Promise<StuckRow[]> {
  const r = await q.query<StuckRow>(
    `WITH r AS (
       SELECT r.id, r.family, r.game_id, r.result_date,
              CASE WHEN r.family = 'main' THEN r.close_declared_at ELSE r.open_declared_at END AS declared_at
         FROM results r)
     SELECT r.id::text AS result_id, r.family, r.game_id::text AS game_id, g.game_name,
            r.result_date::text AS result_date, r.declared_at, p.bids, p.stake_paise
       FROM r JOIN games g ON g.id = r.game_id
       CROSS JOIN LATERAL (
         SELECT count(*)::int8 AS bids, coalesce(sum(b.amount_paise), 0)::int8 AS stake_paise
           FROM bids b WHERE b.game_id = r.game_id AND b.bid_date = r.result_date AND b.status = 'pending') p
      WHERE r.declared_at IS NOT NULL
        AND ((r.declared_at > $1 AND r.declared_at <= $2) OR r.id = ANY ($3::uuid[]))
        AND p.bids > 0`,
    [p.since, p.until, p.resultIds],
  );
  return r.rows;
}

export interface MissingDrawRow {
  game_id: string;
  game_name: string;
  market_day: string;
  kind: 'open' | 'close' | 'draw';
  attempts: number | null;
  last_error: string | null;
}

/** Of these draws, the ones whose result is still missing (with the scheduler's job, if any). */
export async function missingDraws(
  q: Queryable,
  draws: Array<{ gameId: string; marketDay: string; kind: string }>,
): Promise<MissingDrawRow[]> {
  if (draws.length === 0) return [];
  const r = await q.query<MissingDrawRow>(
    `SELECT d.game_id::text AS game_id, g.game_name, d.market_day::text AS market_day, d.kind,
            j.attempts, j.last_error
       FROM jsonb_to_recordset($1::jsonb) AS d(game_id uuid, market_day date, kind text)
       JOIN games g ON g.id = d.game_id
       LEFT JOIN results r ON r.game_id = d.game_id AND r.result_date = d.market_day
       LEFT JOIN scheduled_draws j ON j.game_id = d.game_id AND j.market_day = d.market_day AND j.kind = d.kind
      WHERE CASE d.kind WHEN 'open' THEN r.open_panna IS NULL
                        WHEN 'close' THEN r.close_panna IS NULL
                        ELSE r.panna IS NULL AND r.jodi IS NULL END`,
    [JSON.stringify(draws.map((d) => ({ game_id: d.gameId, market_day: d.marketDay, kind: d.kind })))],
  );
  return r.rows;
}

export interface WaitingRow {
  what: 'withdrawals' | 'funds';
  n: number;
  paise: number;
  oldest: Date | null;
}

/**
 * Money requests waiting longer than `minutes`: pending withdrawals, and pending deposits an
 * operator must act on (the player gave a UTR, the order was marked for review, it has no order)
 * or whose payment window ended without the order being closed.
 */
export async function waitingRequests(q: Queryable, minutes: number): Promise<WaitingRow[]> {
  const r = await q.query<WaitingRow>(
    `SELECT 'withdrawals' AS what, count(*)::int8 AS n, coalesce(sum(amount_paise), 0)::int8 AS paise,
            min(created_at) AS oldest
       FROM withdrawals WHERE status = 'pending' AND created_at < now() - make_interval(mins => $1::int)
     UNION ALL
     SELECT 'funds', count(*)::int8, coalesce(sum(f.amount_paise), 0)::int8, min(f.created_at)
       FROM fund_requests f LEFT JOIN payment_orders o ON o.fund_request_id = f.id
      WHERE f.status = 'pending' AND f.created_at < now() - make_interval(mins => $1::int)
        AND (o.id IS NULL OR o.utr IS NOT NULL OR o.needs_review OR o.expires_at <= now())`,
    [minutes],
  );
  return r.rows.map((row) => ({ ...row, n: Number(row.n), paise: Number(row.paise) }));
}

/** Pending money requests (the metrics' gauges): how many and how much. */
export async function pendingMoney(
  q: Queryable,
): Promise<{ withdrawals: number; withdrawals_paise: number; funds: number; funds_paise: number }> {
  const r = await q.query<{
    withdrawals: number;
    withdrawals_paise: number;
    funds: number;
    funds_paise: number;
  }>(
    `SELECT w.n AS withdrawals, w.paise AS withdrawals_paise, f.n AS funds, f.paise AS funds_paise
       FROM (SELECT count(*)::int8 AS n, coalesce(sum(amount_paise), 0)::int8 AS paise
               FROM withdrawals WHERE status = 'pending') w,
            (SELECT count(*)::int8 AS n, coalesce(sum(amount_paise), 0)::int8 AS paise
               FROM fund_requests WHERE status = 'pending') f`,
  );
  const row = r.rows[0];
  return {
    withdrawals: Number(row?.withdrawals ?? 0),
    withdrawals_paise: Number(row?.withdrawals_paise ?? 0),
    funds: Number(row?.funds ?? 0),
    funds_paise: Number(row?.funds_paise ?? 0),
  };
}
