import type { ReactNode } from 'react';
import { Page } from '../../components/page';
import type { Read } from '../../lib/use-read';
import { ChartStatus } from './chart-status';
import { type ChartColumn, DateChart } from './date-chart';
import { type DayResult, dateRows } from './date-grid';
import './charts.css';

type ChartGame = ChartColumn & { isActive: boolean };

/**
 * The starline and galidisawar chart screens: the games list and the results read, their status,
 * then the date chart of the active games once both have arrived.
 */
export function DateChartPage<R extends DayResult>(props: {
  title: string;
  games: Read<ChartGame[]>;
  results: Read<R[]>;
  today: string;
  renderCell: (result: R | null) => ReactNode;
  columnLabel?: (column: ChartColumn) => string;
}) {
  const { title, games, results } = props;
  const columns = (games.data ?? []).filter((g) => g.isActive);
  const ready = games.data !== null && results.data !== null;
  return (
    <Page title={title} className="chart-page">
      <ChartStatus
        hasData={ready}
        loading={games.loading || results.loading}
        error={games.error?.message ?? results.error?.message ?? null}
        offline={games.offline || results.offline}
        fetchedAt={results.fetchedAt}
      />
      {ready ? (
        <DateChart
          title={title}
          columns={columns}
          rows={dateRows(
            columns.map((c) => c._id),
            results.data ?? [],
            props.today,
          )}
          renderCell={props.renderCell}
          columnLabel={props.columnLabel}
        />
      ) : null}
    </Page>
  );
}
