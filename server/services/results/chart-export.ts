import { CHART_COLUMNS } from '../../../src/domain/chart-rows';
import type { Family } from '../../../src/domain/types';
import { findGame } from '../../db/repositories/bid-games';
import { type ChartDayRow, chartDays } from '../../db/repositories/chart-history';
import type { Queryable } from '../../db/types';
import { notFound } from '../errors';
import { csvLine } from '../reports/csv';

/** One day in its family's layout (src/domain/chart-rows.ts): what chart-import.ts reads back. */
function cells(family: Family, d: ChartDayRow, drawTime: string): string[] {
  if (family === 'galidisawar') return [d.result_date, d.jodi ?? '**'];
  if (family === 'starline') return [d.result_date, drawTime, d.panna ?? '***', d.digit ?? '*'];
  const jodi = `${d.open_digit ?? '*'}${d.close_digit ?? '*'}`;
  return [d.result_date, d.open_panna ?? '***', jodi, d.close_panna ?? '***'];
}

/**
 * GET /admin/charts/export.csv: every day with a result, oldest first, with a header row, in the
 * layout the import takes, so importing an export adds nothing. Answers the file's name and text.
 */
export async function exportChart(q: Queryable, gameId: string): Promise<{ filename: string; csv: string }> {
  const game = await findGame(q, gameId);
  if (!game) throw notFound('Game');
  const drawTime = game.times.closeTime || game.times.openTime;
  let csv = csvLine(CHART_COLUMNS[game.family]);
  for (const d of await chartDays(q, game.id)) csv += csvLine(cells(game.family, d, drawTime));
  const slug =
    game.gameName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'market';
  return { filename: `${slug}-chart.csv`, csv };
}
