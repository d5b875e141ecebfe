import type { LimitField } from '../../../src/domain/responsible-play';
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
function bidColumns(b: NewBid & { id: string }) {
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
  };
}

/** What matka_place_bids (migration 007) answers: placed or replayed, or why it refused. */
export type PlaceOutcome =
  | { status: number; body: unknown; replayed?: boolean }
  | {
      refused: 'in_flight' | 'key_reused' | 'stale' | 'closed' | 'blocked' | 'batting' | 'balance';
      ord?: number;
    }
  /** A time-out or self-exclusion runs until `until` (migration 011). */
  | { refused: 'paused'; until: string }
  /** The submission would pass `limit`; `left` paise remain in its period (migration 011). */
  | { refused: 'limit'; limit: LimitField; left: number };

/** One atom as the bid statement stores it, with the cut-off it must still be before. */
export interface StatementBid extends NewBid {
  id: string;
  /** The instant the bid's session closes (the statement compares it with the database clock). */
  deadline: Date;
  /** True when only a declared close refuses it (a main Close-session bet). */
  closeOnly: boolean;
}

/** One submission as the bid statement takes it. */
export interface PlaceParams {
  userId: string;
  key: string | null;
  hash: string | null;
  requestId: string;
  totalPaise: number;
  description: string;
  games: { id: string; version: number }[];
  bids: StatementBid[];
  answer: unknown;
  /** null: check cut-offs against the database's clock at the write; else this instant. */
  now: Date | null;
  /** The market zone the responsible-play limits' periods are read in. */
  tz: string;
}

/** The columns the statement writes or checks, one object per atom (migration 012). */
function statementBids(bids: StatementBid[]) {
  return bids.map((b, ord) => ({
    ...bidColumns(b),
    ord,
    atom: b.atom,
    deadline: b.deadline.toISOString(),
    close_only: b.closeOnly,
  }));
}

/** The answer travels only when it must be stored for the key; otherwise it is filled in here. */
function answerToSend(p: PlaceParams): unknown {
  return p.key !== null ? p.answer : null;
}

function outcomeOf(out: PlaceOutcome | Placed, p: PlaceParams): PlaceOutcome {
  if ('created' in out) return { status: out.status, body: fillAnswer(p.answer, out.balance, out.created) };
  return out;
}

/**
 * A whole bid submission in ONE statement (one round trip): the idempotency lock and replay, the
 * shared game locks, the re-checks of what the caller judged from memory, the player's pause and
 * limits (migration 011), the conditional debit,
 * the ledger row, the bids and the stored answer. See migration 007 for what each refusal means.
 */
export async function placeBidsStatement(q: Queryable, p: PlaceParams): Promise<PlaceOutcome> {
  const answer = answerToSend(p);
  const r = await q.query<{ out: PlaceOutcome | Placed }>(
    'SELECT matka_place_bids($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11) AS out',
    [
      p.userId,
      p.key,
      p.hash,
      p.requestId,
      p.totalPaise,
      p.description,
      JSON.stringify(p.games),
      JSON.stringify(statementBids(p.bids)),
      answer === null ? null : JSON.stringify(answer),
      p.now,
      p.tz,
    ],
  );
  return outcomeOf(r.rows[0]?.out as PlaceOutcome | Placed, p);
}

/**
 * Several players' submissions in ONE statement and one transaction (migration 013): each is
 * placed or refused exactly as placeBidsStatement would, in the order given (the caller sorts by
 * player, so two batches lock players' rows in the same order). A refusal writes nothing for its
 * submission and does not touch the others; an error rolls the whole batch back.
 */
export async function placeBidsBatch(q: Queryable, subs: PlaceParams[]): Promise<PlaceOutcome[]> {
  const r = await q.query<{ out: (PlaceOutcome | Placed)[] }>(
    'SELECT matka_place_bid_batch($1::jsonb) AS out',
    [
      JSON.stringify(
        subs.map((p) => ({
          user: p.userId,
          key: p.key,
          hash: p.hash,
          request: p.requestId,
          total: p.totalPaise,
          description: p.description,
          games: p.games,
          bids: statementBids(p.bids),
          answer: answerToSend(p),
          now: p.now?.toISOString() ?? null,
          tz: p.tz,
        })),
      ),
    ],
  );
  const outs = r.rows[0]?.out ?? [];
  if (outs.length !== subs.length) throw new Error('bid batch: one outcome per submission expected');
  return outs.map((out, i) => outcomeOf(out, subs[i] as PlaceParams));
}

/** What the statement answers for a placement without a key (migration 012). */
interface Placed {
  status: number;
  /** The balance after the debit, in paise. */
  balance: number;
  /** The database's time of the write, as each bid's createdAt. */
  created: string;
}

/**
 * The 201 body with the balance after the debit and each bid's createdAt: what matka_place_bids
 * fills in itself when it stores the answer for an Idempotency-Key (migration 012), so an answer
 * reads the same with or without a key.
 */
export function fillAnswer(answer: unknown, balancePaise: number, created: string): unknown {
  const a = answer as { data: { bids: object[]; balance: number } };
  return {
    ...a,
    data: {
      ...a.data,
      bids: a.data.bids.map((b) => ({ ...b, createdAt: created })),
      balance: balancePaise / 100,
    },
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
