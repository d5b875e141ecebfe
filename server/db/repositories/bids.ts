import type { Atom, Family, GameType, Session } from '../../../src/domain/types';
import type { Queryable } from '../types';

export interface NewBid {
  gameId: string;
  family: Family;
  gameType: GameType;
  session: Session | null;
  digit: string | null;
  openDigit: string | null;
  closeDigit: string | null;
  openPanna: string | null;
  closePanna: string | null;
  pannaType: string | null;
  atom: Atom;
  bidDate: string;
  amountPaise: number;
  /** The rate it is placed at, "10 KA 95" = 10 and 95 (docs/api.md "A bid keeps the rate it was placed at"). */
  ratePoint: number;
  rateAmount: number;
}

export interface BidRow {
  id: string;
  user_id: string;
  panna_type: string | null;
  created_at: Date;
  game_id: string;
  game_name: string;
  family: Family;
  game_type: GameType;
  session: Session | null;
  digit: string | null;
  open_digit: string | null;
  close_digit: string | null;
  open_panna: string | null;
  close_panna: string | null;
  bid_date: string;
  amount_paise: number;
  /** Null only on a bid settled before migration 025, which did not record the rate it was paid at. */
  rate_point: number | null;
  rate_amount: number | null;
  status: 'pending' | 'won' | 'lost';
  win_paise: number;
}

/** A stored bid's columns as BidRow reads them (`b` = bids, `g` = games). */
export const BID_COLUMNS = `b.id, b.user_id, b.panna_type, b.created_at, b.game_id, g.game_name, b.family, b.game_type, b.session, b.digit,
  b.open_digit, b.close_digit, b.open_panna, b.close_panna, b.bid_date, b.amount_paise, b.rate_point, b.rate_amount, b.status, b.win_paise`;

/**
 * A bid about to be placed as a stored row reads (still pending, its time not yet known): the
 * answer of a placement is built from it, and its columns are what the bid statement inserts.
 */
export function pendingBidRow(b: NewBid & { id: string }, userId: string, gameName: string): BidRow {
  return {
    ...bidColumns(b),
    user_id: userId,
    // The bid statement writes the database's time in the row and in the answer (createdAt).
    created_at: new Date(0),
    game_name: gameName,
    status: 'pending',
    win_paise: 0,
  };
}

/** A new bid's own columns, as stored. */
export function bidColumns(b: NewBid & { id: string }) {
  return {
    id: b.id,
    game_id: b.gameId,
    family: b.family,
    game_type: b.gameType,
    session: b.session,
    digit: b.digit,
    open_digit: b.openDigit,
    close_digit: b.closeDigit,
    open_panna: b.openPanna,
    close_panna: b.closePanna,
    panna_type: b.pannaType,
    bid_date: b.bidDate,
    amount_paise: b.amountPaise,
    rate_point: b.ratePoint,
    rate_amount: b.rateAmount,
  };
}

export interface BidFilter {
  userId: string;
  family?: Family;
  /** A market day (bid_date) or the calendar day the bid was placed, in the market zone. */
  date?: string;
  tz: string;
  status?: 'won';
}

function where(f: BidFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.userId];
  const parts = ['b.user_id = $1'];
  if (f.family) {
    params.push(f.family);
    parts.push(`b.family = $${params.length}`);
  }
  if (f.date) {
    params.push(f.date, f.tz);
    const d = params.length - 1;
    parts.push(`(b.bid_date = $${d}::date OR (b.created_at AT TIME ZONE $${d + 1})::date = $${d}::date)`);
  }
  if (f.status) {
    params.push(f.status);
    parts.push(`b.status = $${params.length}`);
  }
  return { sql: parts.join(' AND '), params };
}

export async function listBids(
  q: Queryable,
  f: BidFilter,
  limit: number,
  offset: number,
): Promise<{ rows: BidRow[]; total: number }> {
  const w = where(f);
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM bids b WHERE ${w.sql}`,
    w.params,
  );
  const rows = await q.query<BidRow>(
    `SELECT ${BID_COLUMNS} FROM bids b JOIN games g ON g.id = b.game_id WHERE ${w.sql}
      ORDER BY b.created_at DESC, b.id DESC LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
    [...w.params, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/** Every winning bid of a family's market day (what a winners run answers), at most 10,000. */
export async function winnersOfDay(q: Queryable, family: Family, day: string): Promise<BidRow[]> {
  const r = await q.query<BidRow>(
    `SELECT ${BID_COLUMNS}
       FROM bids b JOIN games g ON g.id = b.game_id
      WHERE b.family = $1 AND b.bid_date = $2 AND b.status = 'won' ORDER BY b.id LIMIT 10000`,
    [family, day],
  );
  return r.rows;
}

/** Everyone's winning bids of a family (optionally one market day), latest settled first. */
export async function listWonBids(
  q: Queryable,
  f: { family: Family; date?: string },
  limit: number,
  offset: number,
): Promise<{ rows: BidRow[]; total: number }> {
  const params: unknown[] = [f.family];
  let where = `b.family = $1 AND b.status = 'won'`;
  if (f.date) {
    params.push(f.date);
    where += ` AND b.bid_date = $2`;
  }
  const total = await q.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM bids b WHERE ${where}`, params);
  const rows = await q.query<BidRow>(
    `SELECT ${BID_COLUMNS}
       FROM bids b JOIN games g ON g.id = b.game_id WHERE ${where}
      ORDER BY b.settled_at DESC NULLS LAST, b.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
