import { findGame, type GameForMoney } from '../../db/repositories/bid-games';
import { openConflicts } from '../../db/repositories/result-reports';
import { fedGameIds } from '../../db/repositories/result-sources';
import type { Queryable } from '../../db/types';
import { type DueDraw, dueDraws } from '../scheduler/draws';

// What the watchdog asks of the result feeds (server/services/watchdog/checks.ts): sessions the
// sources disagree on, and fed markets whose results are late.

/** Conflicts older than this are left to the day's history. */
const CONFLICT_HOURS = 48;

/**
 * The `result-conflict` findings: each session the sources disagree on (nothing was declared), or
 * where a source disagrees with what is declared. It clears once an operator declares (or reverts
 * and declares again) and no source disagrees after that.
 */
export async function conflictFindings(q: Queryable) {
  const rows = await openConflicts(q, CONFLICT_HOURS);
  return rows.map((r) => {
    const session = r.session ? ` (${r.session})` : '';
    const says = (r.says ?? []).map((s) => `${s.source} says ${s.value}`).join(', ');
    const detail = r.declared
      ? `${r.game_name} ${r.market_day}${session}: declared ${r.declared}, but ${says}. Revert it if the sources are right`
      : `${r.game_name} ${r.market_day}${session}: the result sources disagree (${says}); nothing was declared. Declare the right result on the Results screen`;
    return {
      key: `result-conflict:${r.game_id}:${r.market_day}:${r.session ?? 'draw'}`,
      detail,
      evidence: {
        gameId: r.game_id,
        marketDay: r.market_day,
        session: r.session,
        declared: r.declared,
        says: r.says,
      },
    };
  });
}

/**
 * The draws of markets an enabled source feeds (and that draw no result themselves, `except`)
 * whose time passed RESULT_FEED_LATE_MINUTES ago: with no result they are missed draws.
 */
export async function lateFedDraws(
  q: Queryable,
  p: { now: Date; tz: string; lateMinutes: number; except: ReadonlySet<string> },
): Promise<DueDraw[]> {
  const games: GameForMoney[] = [];
  for (const id of await fedGameIds(q)) {
    if (p.except.has(id)) continue;
    const game = await findGame(q, id);
    if (game?.times.isActive) games.push(game);
  }
  return dueDraws(games, new Date(p.now.getTime() - p.lateMinutes * 60_000), p.tz);
}
