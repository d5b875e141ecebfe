import { overtakenReports } from '../../db/repositories/result-reports';
import type { Deps } from '../../deps';
import { periodic } from '../periodic';
import { pollDueSources } from './poll';
import { judgeClaim, WAITING_FOR_OPEN } from './quorum';

/** How often each process looks for due polls and overtaken reports (a poll is due every RESULT_FEED_POLL_SECONDS). */
const TICK_MS = 5_000;
/** Waiting reports older than this are left as they are. */
const RECENT_HOURS = 48;

/**
 * Waiting reports a declaration overtook, judged again: a close that waited for its open (declared
 * since, by an operator or the feed) may complete its quorum now; a report of a session an operator
 * declared meanwhile reads agreed or conflict. Answers how many were judged.
 */
export async function judgeOvertaken(deps: Pick<Deps, 'db' | 'env' | 'clock'>): Promise<number> {
  const rows = await overtakenReports(deps.db, RECENT_HOURS, WAITING_FOR_OPEN);
  if (rows.length === 0) return 0;
  const ctx = {
    now: await deps.clock.now(),
    tz: deps.env.MARKET_TZ,
    quorum: deps.env.RESULT_QUORUM,
    mode: deps.env.MONEY_MODE,
  };
  for (const row of rows) {
    if (!row.source_id || !row.game_id || !row.market_day) continue;
    const value = row.jodi ? { jodi: row.jodi } : { panna: row.panna ?? '', digit: row.digit ?? '' };
    const claim = {
      source: { id: row.source_id, name: row.source },
      market: row.market,
      gameId: row.game_id,
      day: row.market_day,
      session: row.session,
      value,
      fingerprint: '',
      raw: null,
    };
    await judgeClaim(deps.db, claim, ctx, row);
  }
  return rows.length;
}

/** The result feeds' loop for server/main.ts: due json-url polls, then overtaken reports. */
export function startResultFeeds(deps: Deps): () => Promise<void> {
  return periodic(deps.logger, 'result-feeds', TICK_MS, async () => {
    await pollDueSources(deps);
    await judgeOvertaken(deps);
  });
}
