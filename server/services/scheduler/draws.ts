import { addDays } from '../../../src/domain/market-time';
import type { MoneyMode } from '../../../src/domain/money';
import { hasValidTimes, isMarketOpenOn, marketDayOf, sessionCloseAt } from '../../../src/domain/windows';
import { type GameForMoney, listAutoResultGames } from '../../db/repositories/bid-games';
import { lockResult } from '../../db/repositories/declared-results';
import {
  claimNextDraw,
  type DrawJobRow,
  type DrawKind,
  finishDraw,
  openDrawSavepoint,
  recordDraw,
  rollBackToDrawSavepoint,
} from '../../db/repositories/draws';
import type { Db, Queryable } from '../../db/types';
import { declareResult } from '../settlement/declare';
import { randomJodi, randomPanna } from './random-result';

export type { DrawKind };
export interface DueDraw {
  gameId: string;
  marketDay: string;
  kind: DrawKind;
  runAt: Date;
}

/**
 * The draws of auto-result games that are due at `now`: main markets draw the open panna at the
 * open time and the close panna at the close time, one-draw games at their draw time; only on days
 * the market is open, and only draws that fall today (a fresh install does not back-fill history;
 * a past-midnight close still belongs to the market day it opened).
 */
export function dueDraws(games: readonly GameForMoney[], now: Date, tz: string): DueDraw[] {
  const today = marketDayOf(now, tz);
  const out: DueDraw[] = [];
  for (const g of games) {
    for (const day of [addDays(today, -1), today]) {
      if (!hasValidTimes(g.times, day) || !isMarketOpenOn(g.times, day)) continue;
      const kinds: [DrawKind, Date][] =
        g.family === 'main'
          ? [
              ['open', sessionCloseAt(g.times, day, 'Open', tz)],
              ['close', sessionCloseAt(g.times, day, 'Close', tz)],
            ]
          : [['draw', sessionCloseAt(g.times, day, null, tz)]];
      for (const [kind, runAt] of kinds) {
        // Yesterday's market day only for draws that fall after midnight (a close at 00:05).
        if (runAt <= now && marketDayOf(runAt, tz) === today) {
          out.push({ gameId: g.id, marketDay: day, kind, runAt });
        }
      }
    }
  }
  return out;
}

/** Declares what one claimed job needs (nothing when an operator already declared it). */
async function runJob(
  tx: Queryable,
  job: DrawJobRow,
  now: Date,
  opts: { tz: string; mode?: MoneyMode; pick?: (n: number) => number },
) {
  const { pick } = opts;
  const ctx = { adminId: null, now, tz: opts.tz, mode: opts.mode ?? 'real' };
  const base = { family: job.family, gameId: job.game_id, resultDate: job.market_day };
  const existing = await lockResult(tx, job.game_id, job.market_day);
  if (job.family === 'galidisawar') {
    if (!existing?.jodi) await declareResult(tx, { ...base, jodi: randomJodi(pick) }, ctx);
  } else if (job.family === 'starline') {
    if (!existing?.panna) await declareResult(tx, { ...base, panna: randomPanna(pick) }, ctx);
  } else {
    if (!existing?.open_panna)
      await declareResult(tx, { ...base, session: 'open', panna: randomPanna(pick) }, ctx);
    if (job.kind === 'close' && !existing?.close_panna) {
      await declareResult(tx, { ...base, session: 'close', panna: randomPanna(pick) }, ctx);
    }
  }
}

/**
 * One scheduler tick, safe with several server processes: due draws are recorded as job rows
 * (INSERT ... ON CONFLICT DO NOTHING), then each job is claimed with FOR UPDATE SKIP LOCKED and
 * declared (with its settlement) in the same transaction that marks it done, so a job runs once.
 * Answers how many jobs this call completed. Tests call it directly with any `now`.
 */
export async function runDueDraws(
  db: Db,
  now: Date,
  opts: {
    tz: string;
    /** The wins' push words (MONEY_MODE); tests leave it out (real). */
    mode?: MoneyMode;
    workerId?: string;
    pick?: (n: number) => number;
    maxJobs?: number;
  },
): Promise<number> {
  const games = await listAutoResultGames(db);
  for (const d of dueDraws(games, now, opts.tz)) {
    await recordDraw(db, d);
  }
  let done = 0;
  const tried: string[] = [];
  for (let i = 0; i < (opts.maxJobs ?? 100); i++) {
    const job = await db.transaction(async (tx) => {
      const claimed = await claimNextDraw(tx, now, tried);
      if (!claimed) return undefined;
      // A failing draw (a game edited into bad data, say) must not block the others: its work is
      // rolled back to the savepoint, the failure is counted and a later tick retries it.
      await openDrawSavepoint(tx);
      let error: string | null = null;
      try {
        await runJob(tx, claimed, now, opts);
      } catch (e) {
        error = (e as Error).message.slice(0, 500);
        await rollBackToDrawSavepoint(tx);
      }
      await finishDraw(tx, claimed.id, opts.workerId ?? `pid-${process.pid}`, error);
      return { ...claimed, ok: error === null };
    });
    if (!job) break;
    tried.push(job.id);
    if (job.ok) done += 1;
  }
  return done;
}
