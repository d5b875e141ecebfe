import type { LimitField } from '../../../src/domain/responsible-play';
import type { RateKey } from '../../../src/domain/types';
import type { Queryable } from '../types';
import { bidColumns, type NewBid } from './bids';

/**
 * Placing bids: the bid statement (server/db/functions/matka_place_bids.sql) for one submission, and
 * the batch (functions/matka_place_bid_batch.sql) that places several players' submissions in one
 * transaction.
 */

/**
 * What matka_place_bids answers (its file says what each refusal means): placed without a key
 * (the facts the caller shapes its answer from), placed with a key or replayed (the stored body,
 * passed through), or why it refused.
 */
export type PlaceOutcome =
  /** Placed without an Idempotency-Key: the balance after the debit (paise) and the write's time. */
  | { status: 201; balance: number; created: string }
  | { status: number; body: unknown; replayed?: boolean }
  | {
      refused: 'in_flight' | 'key_reused' | 'stale' | 'closed' | 'rate' | 'blocked' | 'batting' | 'balance';
      ord?: number;
    }
  /** A time-out or self-exclusion runs until `until`. */
  | { refused: 'paused'; until: string }
  /** The submission would pass `limit`; `left` paise remain in its period. */
  | { refused: 'limit'; limit: LimitField; left: number };

/** One atom as the bid statement stores it, with the cut-off it must still be before. */
export interface StatementBid extends NewBid {
  id: string;
  /** The instant the bid's session closes (the statement compares it with the database clock). */
  deadline: Date;
  /** True when only a declared close refuses it (a main Close-session bet). */
  closeOnly: boolean;
  /** The key of its family's rate table it pays at (rateKeyFor): the statement checks ratePoint/rateAmount there. */
  rateKey: RateKey;
  /** True when the player was shown that rate (sent in the row); false when the server chose it. */
  rateShown: boolean;
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
  /**
   * With a key: the 201 body the statement stores for it, after filling in data.balance and each
   * data.bids[i].createdAt (the two values only the write knows). Without a key: null.
   */
  answer: unknown;
  /** null: check cut-offs against the database's clock at the write; else this instant. */
  now: Date | null;
  /** The market zone the responsible-play limits' periods are read in. */
  tz: string;
}

/** The columns the statement writes or checks, one object per atom (its p_bids). */
function statementBids(bids: StatementBid[]) {
  return bids.map((b, ord) => ({
    ...bidColumns(b),
    ord,
    atom: b.atom,
    deadline: b.deadline.toISOString(),
    close_only: b.closeOnly,
    rate_key: b.rateKey,
  }));
}

/**
 * A whole bid submission in ONE statement (one round trip): the idempotency lock and replay, the
 * shared game locks, the re-checks of what the caller judged from memory, the player's pause and
 * limits, the conditional debit, the ledger row, the bids and the stored answer. See
 * server/db/functions/matka_place_bids.sql for what each refusal means.
 */
export async function placeBidsStatement(q: Queryable, p: PlaceParams): Promise<PlaceOutcome> {
  const r = await q.query<{ out: PlaceOutcome }>(
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
      p.answer === null ? null : JSON.stringify(p.answer),
      p.now,
      p.tz,
    ],
  );
  return r.rows[0]?.out as PlaceOutcome;
}

/**
 * Several players' submissions in ONE statement and one transaction (matka_place_bid_batch): each is
 * placed or refused exactly as placeBidsStatement would place or refuse it alone, but each step
 * (the keys, the games' locks, the re-checks, the players' row locks in id order, the debit, the
 * ledger rows and bids, the stored answers) is one set-based statement for the whole batch. A
 * refusal writes nothing for its submission and does not touch the others; an error, or a player
 * named twice, rolls the whole batch back.
 */
export async function placeBidsBatch(q: Queryable, subs: PlaceParams[]): Promise<PlaceOutcome[]> {
  const r = await q.query<{ out: PlaceOutcome[] }>('SELECT matka_place_bid_batch($1::jsonb) AS out', [
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
        answer: p.answer,
        now: p.now?.toISOString() ?? null,
        tz: p.tz,
      })),
    ),
  ]);
  const outs = r.rows[0]?.out ?? [];
  if (outs.length !== subs.length) throw new Error('bid batch: one outcome per submission expected');
  return outs;
}
