import { UUID_RE } from '../../../src/contracts/common';
import type { ResultReport } from '../../../src/contracts/result-feeds';
import { listReports, type ReportRow } from '../../db/repositories/result-reports';
import type { PageRequest, Queryable } from '../../db/types';

/** A stored report as the console and the pushing source read it. */
export function presentReport(r: ReportRow): ResultReport {
  return {
    _id: r.id,
    source: r.source,
    receivedAt: r.received_at.toISOString(),
    market: r.market,
    gameId: r.game_id,
    gameName: r.game_name,
    date: r.market_day,
    session: r.session,
    ...(r.panna ? { panna: r.panna } : {}),
    ...(r.digit ? { digit: r.digit } : {}),
    ...(r.jodi ? { jodi: r.jodi } : {}),
    outcome: r.outcome,
    ...(r.reason ? { reason: r.reason } : {}),
  };
}

/** GET /admin/result-reports: newest first, of one game and market day when asked (an unknown game has none). */
export async function reportsPage(
  q: Queryable,
  f: { gameId?: string; date?: string },
  page: PageRequest,
): Promise<{ rows: ResultReport[]; total: number }> {
  if (f.gameId !== undefined && !UUID_RE.test(f.gameId)) return { rows: [], total: 0 };
  const { rows, total } = await listReports(q, f, page);
  return { rows: rows.map(presentReport), total };
}
