import type { Atom, GameType, Rate } from '../../../src/domain/types';
import type { Queryable } from '../types';

/** What a declaration settles: a market day's pending bids, all or only the Open-session ones. */
export interface SettleScope {
  gameId: string;
  day: string;
  /** Only the Open-session bets an open declaration settles (whole-day and Close bets wait). */
  openOnly: boolean;
  /** The session-kind gameTypes (an open declaration settles only these). */
  sessionTypes: string[];
}

/** The WHERE of a scope's pending bids (`b` = bids), parameters $1..$4. */
const SCOPE_SQL = `b.game_id = $1 AND b.bid_date = $2 AND b.status = 'pending'
  AND (NOT $3::boolean OR (b.session = 'Open' AND b.game_type IN (SELECT jsonb_array_elements_text($4::jsonb))))`;
const scopeParams = (s: SettleScope) => [s.gameId, s.day, s.openOnly, JSON.stringify(s.sessionTypes)];

/** A stored bid's kept rate as a pair, or null when it has none (placed before migration 025). */
export function keptRate(row: { rate_point: number | null; rate_amount: number | null }): Rate | null {
  return row.rate_point === null || row.rate_amount === null
    ? null
    : { point: Number(row.rate_point), amount: Number(row.rate_amount) };
}

/**
 * One kind of pending bid: every bid with the same gameType, atom, stake and kept rate settles the
 * same way. The rate is null only on a bid placed before migration 025 that had none then.
 */
export interface PendingKind {
  game_type: GameType;
  atom: Atom;
  amount_paise: number;
  rate_point: number | null;
  rate_amount: number | null;
  bids: number;
}

/**
 * The distinct (gameType, atom, stake, rate) of a scope's pending bids: a million bids on a market
 * are a few hundred kinds (a few more on a day whose rates changed), each decided once by the
 * domain engine instead of once per bid.
 */
export async function pendingKinds(q: Queryable, scope: SettleScope): Promise<PendingKind[]> {
  const r = await q.query<PendingKind>(
    `SELECT b.game_type, b.atom, b.amount_paise, b.rate_point, b.rate_amount, count(*)::int8 AS bids
       FROM bids b WHERE ${SCOPE_SQL} GROUP BY b.game_type, b.atom, b.amount_paise, b.rate_point, b.rate_amount`,
    scopeParams(scope),
  );
  return r.rows;
}

/** A decided kind: won (with the win per bid) or lost. Kinds left out stay pending. */
export interface KindOutcome {
  game_type: string;
  atom: Atom;
  amount_paise: number;
  rate_point: number | null;
  rate_amount: number | null;
  status: 'won' | 'lost';
  win_paise: number;
}

/**
 * The ledger ref of a bid's win (and of its reversal): the bid id, plus '#round' once a revert
 * re-opened it and it settled again. @example winRefSql('u.id', 'u.settle_count')
 */
const winRefSql = (id: string, count: string) =>
  `CASE WHEN ${count} <= 1 THEN ${id}::text ELSE ${id}::text || '#' || ${count} END`;

const OUTCOMES_SQL = `SELECT * FROM jsonb_to_recordset($5::jsonb)
  AS o(game_type text, atom jsonb, amount_paise int8, rate_point int, rate_amount int, status text,
        win_paise int8)`;

export interface SettledKinds {
  settled: number;
  winners: number;
  totalWinPaise: number;
  /** Wins credited, per player: [userId, paise]. */
  paid: [string, number][];
}

/**
 * A scope's pending bids settled by one statement: each bid still pending takes its kind's outcome
 * (a concurrent second run waits for the row and then finds it settled), the players the wins pay
 * are locked in id order (so two settlements paying the same players, or a settlement and a batch
 * of bids, queue instead of deadlocking; the ledger's FK checks run after, at the statement's end),
 * a 'win' ledger row is written per winning bid (UNIQUE (kind, ref_id) makes a repeat a no-op:
 * ref = the bid id, plus '#round' after a revert re-opened it) and each balance moves by exactly the
 * new rows. No indexed column of bids changes, so the rows are updated in place (HOT, migration
 * 007). A lost bid returns only its flag, so the million rows a big market day returns stay narrow.
 */
export async function settleKinds(
  q: Queryable,
  p: {
    scope: SettleScope;
    outcomes: KindOutcome[];
    gameName: string;
    /** gameType -> title, for the ledger's "Winning: {game} ({title})". */
    titles: Record<string, string>;
  },
): Promise<SettledKinds> {
  const r = await q.query<{
    settled: number;
    winners: number;
    total: number;
    paid: [string, number][];
  }>(
    `WITH o AS (${OUTCOMES_SQL}),
     upd AS (
       UPDATE bids b SET status = o.status, win_paise = o.win_paise, settle_count = b.settle_count + 1,
                         settled_at = now()
         FROM o
        WHERE ${SCOPE_SQL}
          AND b.game_type = o.game_type AND b.atom = o.atom AND b.amount_paise = o.amount_paise
          AND b.rate_point IS NOT DISTINCT FROM o.rate_point AND b.rate_amount IS NOT DISTINCT FROM o.rate_amount
        RETURNING o.status = 'won' AS won,
                  CASE WHEN o.status = 'won' THEN b.id END AS id,
                  CASE WHEN o.status = 'won' THEN b.user_id END AS user_id,
                  CASE WHEN o.status = 'won' THEN b.win_paise END AS win_paise,
                  CASE WHEN o.status = 'won' THEN b.settle_count END AS settle_count,
                  CASE WHEN o.status = 'won' THEN b.game_type END AS game_type),
     lk AS (
       SELECT u.id FROM users u WHERE u.id IN (SELECT user_id FROM upd WHERE won AND win_paise > 0)
        ORDER BY u.id FOR UPDATE),
     ins AS (
       INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description)
       SELECT u.user_id, u.win_paise, 'win',
              ${winRefSql('u.id', 'u.settle_count')},
              'Winning: ' || $6 || ' (' || coalesce($7::jsonb ->> u.game_type, u.game_type) || ')'
         FROM upd u WHERE u.won AND u.win_paise > 0
       ON CONFLICT (kind, ref_id) DO NOTHING RETURNING user_id, amount_paise),
     sums AS (SELECT user_id, sum(amount_paise)::int8 AS amount FROM ins GROUP BY user_id),
     pay AS (
       UPDATE users u SET balance_paise = u.balance_paise + s.amount, updated_at = now()
         FROM sums s JOIN lk ON lk.id = s.user_id WHERE u.id = s.user_id RETURNING u.id, s.amount),
     agg AS (
       SELECT count(*)::int8 AS settled, count(*) FILTER (WHERE won)::int8 AS winners,
              coalesce(sum(win_paise) FILTER (WHERE won), 0)::int8 AS total FROM upd)
     SELECT agg.settled, agg.winners, agg.total,
            (SELECT coalesce(jsonb_agg(jsonb_build_array(id, amount)), '[]'::jsonb) FROM pay) AS paid
       FROM agg`,
    [...scopeParams(p.scope), JSON.stringify(p.outcomes), p.gameName, JSON.stringify(p.titles)],
  );
  const row = r.rows[0];
  return {
    settled: Number(row?.settled ?? 0),
    winners: Number(row?.winners ?? 0),
    totalWinPaise: Number(row?.total ?? 0),
    paid: (row?.paid ?? []).map(([id, amount]) => [id, Number(amount)]),
  };
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

/**
 * What a market day's settled wins owe, per player ([userId, paise], in id order): what a revert
 * takes back.
 */
export async function owedBySettlement(
  q: Queryable,
  gameId: string,
  day: string,
): Promise<[string, number][]> {
  const r = await q.query<{ user_id: string; owed: number }>(
    `SELECT user_id, sum(win_paise)::int8 AS owed FROM bids
      WHERE game_id = $1 AND bid_date = $2 AND status = 'won' AND win_paise > 0
      GROUP BY user_id ORDER BY user_id`,
    [gameId, day],
  );
  return r.rows.map((row) => [row.user_id, Number(row.owed)]);
}

export interface ReopenedDay {
  reverted: number;
  winners: number;
  totalWinPaise: number;
}

/**
 * Every settled bid of a market day back to pending by one statement, each win it paid taken back
 * with a 'win-reversal' ledger row (ref as its win's: the bid id, plus '#round' after an earlier
 * revert; UNIQUE (kind, ref_id) makes a repeat a no-op) and each balance moved by exactly the new
 * rows. Callers hold the game's lock and lock the players first (lockUsers); a reversal that would
 * make a balance negative trips the users CHECK and rolls the whole transaction back.
 */
export async function reopenSettledDay(
  q: Queryable,
  p: { gameId: string; day: string; gameName: string },
): Promise<ReopenedDay> {
  const r = await q.query<{ reverted: number; winners: number; total: number }>(
    `WITH old AS (
       SELECT id, status, win_paise FROM bids
        WHERE game_id = $1 AND bid_date = $2 AND status IN ('won', 'lost')),
     r AS (
       UPDATE bids b SET status = 'pending', win_paise = 0, settled_at = NULL
         FROM old WHERE b.id = old.id
       RETURNING old.status = 'won' AS won,
                 CASE WHEN old.status = 'won' AND old.win_paise > 0 THEN b.id END AS id,
                 CASE WHEN old.status = 'won' AND old.win_paise > 0 THEN b.user_id END AS user_id,
                 CASE WHEN old.status = 'won' THEN old.win_paise END AS win_paise,
                 CASE WHEN old.status = 'won' AND old.win_paise > 0 THEN b.settle_count END AS settle_count),
     ins AS (
       INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description)
       SELECT user_id, -win_paise, 'win-reversal',
              ${winRefSql('id', 'settle_count')},
              'Result reverted: ' || $3
         FROM r WHERE id IS NOT NULL
       ON CONFLICT (kind, ref_id) DO NOTHING RETURNING user_id, amount_paise),
     sums AS (SELECT user_id, sum(amount_paise)::int8 AS amount FROM ins GROUP BY user_id),
     pay AS (
       UPDATE users u SET balance_paise = u.balance_paise + s.amount, updated_at = now()
         FROM sums s WHERE u.id = s.user_id RETURNING u.id)
     SELECT count(*)::int8 AS reverted, count(*) FILTER (WHERE won)::int8 AS winners,
            coalesce(sum(win_paise), 0)::int8 AS total, (SELECT count(*) FROM pay) AS paid
       FROM r`,
    [p.gameId, p.day, p.gameName],
  );
  const row = r.rows[0];
  return {
    reverted: Number(row?.reverted ?? 0),
    winners: Number(row?.winners ?? 0),
    totalWinPaise: Number(row?.total ?? 0),
  };
}

/** A pending bid as the exposure preview reads it (the shape settlement/plan.ts decides). */
export interface PreviewBid {
  id: string;
  userId: string;
  gameType: GameType;
  atom: Atom;
  amountPaise: number;
  /** The rate the bid keeps (null: placed before migration 025 without one). */
  rate: Rate | null;
}

/**
 * Up to `limit` pending bids of a market day, read without locks for the exposure preview: all of
 * them, or with openOnly only the Open-session bets of the session-kind gameTypes.
 */
export async function previewBids(
  q: Queryable,
  p: { gameId: string; day: string; openOnly: boolean; sessionTypes: string[]; limit: number },
): Promise<PreviewBid[]> {
  const rows = await q.query<{
    id: string;
    user_id: string;
    game_type: GameType;
    atom: Atom;
    amount_paise: number;
    rate_point: number | null;
    rate_amount: number | null;
  }>(
    `SELECT id, user_id, game_type, atom, amount_paise, rate_point, rate_amount FROM bids
      WHERE game_id = $1 AND bid_date = $2 AND status = 'pending'
        ${p.openOnly ? `AND session = 'Open' AND game_type = ANY($4::text[])` : 'AND $4::text[] IS NOT NULL'}
      LIMIT $3`,
    [p.gameId, p.day, p.limit, p.sessionTypes],
  );
  return rows.rows.map((b) => ({
    id: b.id,
    userId: b.user_id,
    gameType: b.game_type,
    atom: b.atom,
    amountPaise: Number(b.amount_paise),
    rate: keptRate(b),
  }));
}

/**
 * The players whose balance is below what they owe ([userId, paise] pairs): a revert would
 * overdraw them. Callers lock the players first (lockUsers).
 */
export async function playersShortOf(q: Queryable, owed: [string, number][]): Promise<string[]> {
  const short = await q.query<{ id: string }>(
    `SELECT u.id FROM users u JOIN jsonb_to_recordset($1::jsonb) AS o(id uuid, owed int8) ON o.id = u.id
        WHERE u.balance_paise < o.owed`,
    [JSON.stringify(owed.map(([id, paise]) => ({ id, owed: paise })))],
  );
  return short.rows.map((r) => r.id);
}
