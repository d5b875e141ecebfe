import { addDays, zonedInstant } from '../../../src/domain/market-time';
import { paiseToPoints } from '../../../src/domain/money';
import { pausedPlayers, playSummary, refusalCounts } from '../../db/repositories/responsible-play';
import type { Queryable } from '../../db/types';

// Responsible-play reads beside the rules in services/players/responsible-play.ts: the player's reality
// check (what they played since an instant) and the operators' read-only report.

/** Bids, stakes, wins and net since an instant (GET /user/play-summary). */
export async function playSummarySince(q: Queryable, userId: string, since: Date) {
  const s = await playSummary(q, userId, since);
  return {
    since: since.toISOString(),
    bids: Number(s.bids),
    stakes: paiseToPoints(Number(s.stakes)),
    wins: paiseToPoints(Number(s.wins)),
    net: paiseToPoints(Number(s.wins) - Number(s.stakes)),
  };
}

/**
 * Players paused now, and refusals by limit over market days `from`..`to` (inclusive, in the
 * market zone): GET /admin/responsible-play.
 */
export async function responsiblePlayReport(q: Queryable, now: Date, from: string, to: string, tz: string) {
  const paused = await pausedPlayers(q, now);
  const refusals = await refusalCounts(q, zonedInstant(from, 0, tz), zonedInstant(addDays(to, 1), 0, tz));
  return {
    paused: paused.map((p) => ({
      userId: p.id,
      phone: p.phone,
      kind: p.pause_kind,
      until: p.paused_until.toISOString(),
    })),
    refusals: refusals.map((f) => ({
      userId: f.user_id,
      phone: f.phone,
      limit: f.limit_field,
      count: Number(f.n),
    })),
  };
}
