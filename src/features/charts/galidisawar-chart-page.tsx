import { fetchGalidisawarGames } from '../../api/games';
import { fetchGaliResults } from '../../api/results';
import { addDays } from '../../domain/market-time';
import { tPages as t } from '../../i18n/en/pages';
import { useLive } from '../../lib/live-status';
import { readKey } from '../../lib/saved-reads';
import { useKeptRead } from '../../lib/use-kept-read';
import { useRead } from '../../lib/use-read';
import { DateChartPage } from './date-chart-page';
import { DATE_CHART_DAYS, galiCell } from './date-grid';
import { useToday } from './use-today';

/** Galidisawar Chart (docs/product.md "Charts"): the starline layout with each cell the jodi. */
export function GalidisawarChartPage() {
  const games = useRead({ store: 'galidisawarGames', ifNoneMatch: fetchGalidisawarGames });
  const today = useToday();
  const range = { from: addDays(today, -DATE_CHART_DAYS), to: today };
  const results = useKeptRead({
    key: readKey('public', 'galidisawar'),
    fetch: () => fetchGaliResults(range),
    copy: 'at-once',
    refresh: useLive((s) => s.revisions.galidisawar ?? 0),
  });
  return (
    <DateChartPage
      title={t('galidisawarChart')}
      games={games}
      results={results}
      today={today}
      renderCell={(r) => (
        <span className={`dc-cell${r?.jodiDigit ? ' drawn' : ''}`}>
          <span className="dc-jodi">{galiCell(r)}</span>
        </span>
      )}
    />
  );
}
