import { fetchStarlineGames } from '../../api/games';
import { fetchStarlineResults } from '../../api/results';
import { Page } from '../../components/page';
import type { StarlineResult } from '../../contracts/results';
import { addDays } from '../../domain/market-time';
import { ChartStatus } from './chart-status';
import { DateChart } from './date-chart';
import { DATE_CHART_DAYS, dateRows, starlineCell } from './date-grid';
import { useChartRead, useGames, useToday } from './use-chart-read';
import './charts.css';

function StarlineCell({ result }: { result: StarlineResult | null }) {
  const cell = starlineCell(result);
  return (
    <span className={`dc-cell${result?.panna ? ' drawn' : ''}`}>
      <span className="dc-panna">{cell.panna}</span>
      <span className="dc-digit">{cell.digit}</span>
    </span>
  );
}

/** Starline Chart (product.md "Charts"): one column per starline game, one row per market day. */
export function StarlineChartPage() {
  const games = useGames('starlineGames', fetchStarlineGames);
  const today = useToday();
  const range = { from: addDays(today, -DATE_CHART_DAYS), to: today };
  const results = useChartRead(`starline:${range.from}:${range.to}`, () => fetchStarlineResults(range));
  const columns = (games.data ?? []).filter((g) => g.isActive);
  const ready = games.data !== null && results.data !== null;
  return (
    <Page title="Starline Chart" className="chart-page">
      <ChartStatus
        hasData={ready}
        loading={games.loading || results.loading}
        error={games.error?.message ?? results.error}
        offline={games.offline || results.offline}
      />
      {ready ? (
        <DateChart
          title="Starline Chart"
          columns={columns}
          rows={dateRows(
            columns.map((c) => c._id),
            results.data ?? [],
            today,
          )}
          renderCell={(r) => <StarlineCell result={r} />}
        />
      ) : null}
    </Page>
  );
}
