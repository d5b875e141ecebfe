import { fetchStarlineGames } from '../../api/games';
import { fetchStarlineResults } from '../../api/results';
import type { StarlineResult } from '../../contracts/results';
import { formatTime12 } from '../../domain/format';
import { addDays } from '../../domain/market-time';
import { tPages as t } from '../../i18n/en/pages';
import { useLive } from '../../lib/live-status';
import { readKey } from '../../lib/saved-reads';
import { useKeptRead } from '../../lib/use-kept-read';
import { useRead } from '../../lib/use-read';
import type { ChartColumn } from './date-chart';
import { DateChartPage } from './date-chart-page';
import { DATE_CHART_DAYS, starlineCell } from './date-grid';
import { useToday } from './use-today';

function StarlineCell({ result }: { result: StarlineResult | null }) {
  const cell = starlineCell(result);
  return (
    <span className={`dc-cell${result?.panna ? ' drawn' : ''}`}>
      <span className="dc-panna">{cell.panna}</span>
      <span className="dc-digit">{cell.digit}</span>
    </span>
  );
}

/**
 * A starline column is headed by its draw time ('10:00 AM'): starline games are one draw each, and
 * their names ('Starline 10:00 AM') put English words into a Hindi or Marathi chart (issue 39).
 * The name stays the heading's tooltip; a game without a time keeps its name.
 */
function drawTime(game: ChartColumn): string {
  return game.openTime ? formatTime12(game.openTime) : game.gameName;
}

/** Starline Chart (docs/product.md "Charts"): one column per starline game, one row per market day. */
export function StarlineChartPage() {
  const games = useRead({ store: 'starlineGames', ifNoneMatch: fetchStarlineGames });
  const today = useToday();
  const range = { from: addDays(today, -DATE_CHART_DAYS), to: today };
  const results = useKeptRead({
    key: readKey('public', 'starline'),
    fetch: () => fetchStarlineResults(range),
    copy: 'at-once',
    refresh: useLive((s) => s.revisions.starline ?? 0),
  });
  return (
    <DateChartPage
      title={t('starlineChart')}
      games={games}
      results={results}
      today={today}
      renderCell={(r) => <StarlineCell result={r} />}
      columnLabel={drawTime}
    />
  );
}
