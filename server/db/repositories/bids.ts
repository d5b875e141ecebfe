import { randomUUID } from 'node:crypto';
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
  status: 'pending' | 'won' | 'lost';
  win_paise: number;
}

/** A stored bid's columns as BidRow reads them (`b` = bids, `g` = games). */
export const BID_COLUMNS = `b.id, b.user_id, b.panna_type, b.created_at, b.game_id, g.game_name, b.family, b.game_type, b.session, b.digit,
  b.open_digit, b.close_digit, b.open_panna, b.close_panna, b.bid_date, b.amount_paise, b.status, b.win_paise`;

/**
 * All atoms of one submission in one statement (a JSON recordset works alike on PGlite and pg),
 * answered in the order they were sent (ids are made here so the order can be kept).
 */
export async function insertBids(
  q: Queryable,
  userId: string,
  requestId: string,
  bids: NewBid[],
): Promise<BidRow[]> {
  const r = await q.query<BidRow>(
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb) AS t(ord int, id uuid, game_id uuid, family text, game_type text,
         session text, digit text, open_digit text, close_digit text, open_panna text, close_panna text,
         panna_type text, atom jsonb, bid_date date, amount_paise int8)),
     ins AS (
       INSERT INTO bids (id, request_id, user_id, game_id, family, game_type, session, digit, open_digit,
                         close_digit, open_panna, close_panna, panna_type, atom, bid_date, amount_paise)
       SELECT id, $1, $2, game_id, family, game_type, session, digit, open_digit, close_digit, open_panna,
              close_panna, panna_type, atom, bid_date, amount_paise FROM x ORDER BY ord
       RETURNING *)
     SELECT ${BID_COLUMNS}, x.ord FROM ins b JOIN games g ON g.id = b.game_id JOIN x ON x.id = b.id ORDER BY x.ord`,
    [
      requestId,
      userId,
      JSON.stringify(
        bids.map((b, ord) => ({
          ord,
          id: randomUUID(),
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
          atom: b.atom,
          bid_date: b.bidDate,
          amount_paise: b.amountPaise,
        })),
      ),
    ],
  );
  return r.rows;
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
