import {
  type PlaceOutcome,
  type PlaceParams,
  placeBidsBatch,
  placeBidsStatement,
} from '../../db/repositories/bid-statement';
import { type Db, statementRolledBack } from '../../db/types';

/** How many bid statements for the same game(s) one process runs at once. */
export const IN_FLIGHT_PER_GAMES = 2;
/** The most submissions one statement carries. */
export const MAX_BATCH = 50;

/** How a batch reaches the database: one submission alone, or several in one statement. */
export interface BatchRunner {
  one(p: PlaceParams): Promise<PlaceOutcome>;
  many(ps: PlaceParams[]): Promise<PlaceOutcome[]>;
}

interface Waiting {
  params: PlaceParams;
  resolve(outcome: PlaceOutcome): void;
  reject(error: unknown): void;
}

interface Lane {
  queue: Waiting[];
  running: number;
}

/**
 * Bids placed together (issue 18: at the close rush a bid's cost is mostly PostgreSQL's work per
 * statement and per commit). Submissions for the same game(s) go out at most IN_FLIGHT_PER_GAMES
 * statements at a time; those that arrive meanwhile wait and then go out together as ONE
 * statement (matka_place_bid_batch), one round trip and one commit for all of them. A submission
 * that finds its lane free goes out at once, alone, exactly as before: batching costs no latency
 * when the market is quiet and only forms under load.
 * - One submission per player per statement, sorted by player, so two statements lock players'
 *   rows in the same order (no deadlock between batches); a player's next submission waits for
 *   the next statement.
 * - Lanes are per set of games, so a declaration holding one game's lock (settling a close) holds
 *   up only bids on that game, as it did before.
 * - Each submission is judged inside the statement as if it came alone: a refusal is its own.
 *   A statement error rolled the whole batch back, so each submission is sent again alone and an
 *   error stays with the submission that caused it. A lost connection is not retried: whether the
 *   commit landed is unknown (the caller's Idempotency-Key is what makes a retry safe).
 */
export class BidCombiner {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly run: BatchRunner,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  place(params: PlaceParams): Promise<PlaceOutcome> {
    const key = params.games
      .map((g) => g.id)
      .sort()
      .join(',');
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { queue: [], running: 0 };
      this.lanes.set(key, lane);
    }
    const open = lane;
    return new Promise<PlaceOutcome>((resolve, reject) => {
      open.queue.push({ params, resolve, reject });
      this.pump(key, open);
    });
  }

  /** How many submissions wait for a statement on this process, across every lane. */
  waiting(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.queue.length;
    return n;
  }

  private pump(key: string, lane: Lane): void {
    while (lane.running < IN_FLIGHT_PER_GAMES && lane.queue.length > 0) {
      const batch = take(lane, this.maxBatch);
      lane.running += 1;
      void this.send(batch).finally(() => {
        lane.running -= 1;
        if (lane.running === 0 && lane.queue.length === 0) this.lanes.delete(key);
        else this.pump(key, lane);
      });
    }
  }

  private async send(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      let outcomes: PlaceOutcome[];
      try {
        outcomes = await this.run.many(batch.map((w) => w.params));
      } catch (error) {
        if (!statementRolledBack(error)) {
          for (const w of batch) w.reject(error);
          return;
        }
        await Promise.all(batch.map((w) => this.alone(w)));
        return;
      }
      batch.forEach((w, i) => {
        w.resolve(outcomes[i] as PlaceOutcome);
      });
      return;
    }
    await this.alone(batch[0] as Waiting);
  }

  private async alone(w: Waiting): Promise<void> {
    try {
      w.resolve(await this.run.one(w.params));
    } catch (error) {
      w.reject(error);
    }
  }
}

/** The next statement's submissions: first come, one per player, sorted by player. */
function take(lane: Lane, maxBatch: number): Waiting[] {
  const players = new Set<string>();
  const batch: Waiting[] = [];
  const rest: Waiting[] = [];
  for (const w of lane.queue) {
    if (batch.length < maxBatch && !players.has(w.params.userId)) {
      players.add(w.params.userId);
      batch.push(w);
    } else {
      rest.push(w);
    }
  }
  lane.queue = rest;
  return batch.sort((a, b) =>
    a.params.userId < b.params.userId ? -1 : a.params.userId > b.params.userId ? 1 : 0,
  );
}

const combiners = new WeakMap<Db, BidCombiner>();

/**
 * This process's combiner for a database. PGlite runs one statement at a time inside this process,
 * so batches gain it little (+12 % bids/s in the bench) and raised its peak memory by ~100 MB
 * (WebAssembly memory never shrinks): there every submission goes alone, as before.
 */
export function bidCombiner(db: Db): BidCombiner {
  let c = combiners.get(db);
  if (!c) {
    const runner = {
      one: (p: PlaceParams) => placeBidsStatement(db, p),
      many: (ps: PlaceParams[]) => placeBidsBatch(db, ps),
    };
    c = new BidCombiner(runner, db.kind === 'pglite' ? 1 : MAX_BATCH);
    combiners.set(db, c);
  }
  return c;
}
