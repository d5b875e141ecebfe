import { fetchGalidisawarGames } from '../../api/games';
import { fetchGaliResults } from '../../api/results';
import { Page } from '../../components/page';
import { addDays } from '../../domain/market-time';
import { ChartStatus } from './chart-status';
import { DateChart } from './date-chart';
import { DATE_CHART_DAYS, dateRows, galiCell } from './date-grid';
import { useChartRead, useGames, useToday } from './use-chart-read';
import './charts.css';

/** Galidisawar Chart (product.md "Charts"): the starline layout with each cell the jodi. */
export function GalidisawarChartPage() {
  const games = useGames('galidisawarGames', fetchGalidisawarGames);
  const today = useToday();
  const range = { from: addDays(today, -DATE_CHART_DAYS), to: today };
  const results = useChartRead(`galidisawar:${range.from}:${range.to}`, () => fetchGaliResults(range));
  const columns = (games.data ?? []).filter((g) => g.isActive);
  const ready = games.data !== null && results.data !== null;
  return (
    <Page title="Galidisawar Chart" className="chart-page">
      <ChartStatus
        hasData={ready}
        loading={games.loading || results.loading}
        error={games.error?.message ?? results.error}
        offline={games.offline || results.offline}
      />
      {ready ? (
        <DateChart
          title="Galidisawar Chart"
          columns={columns}
          rows={dateRows(
            columns.map((c) => c._id),
            results.data ?? [],
            today,
          )}
          renderCell={(r) => (
            <span className={`dc-cell${r?.jodiDigit ? ' drawn' : ''}`}>
              <span className="dc-jodi">{galiCell(r)}</span>
            </span>
          )}
        />
      ) : null}
    </Page>
  );
}
