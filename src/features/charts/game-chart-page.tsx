import { Link } from '@tanstack/react-router';
import { fetchMainGames } from '../../api/games';
import { fetchMainResults } from '../../api/results';
import type { MainGame } from '../../api/types';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { formatTime12 } from '../../domain/format';
import { addDays } from '../../domain/market-time';
import { useLive } from '../../lib/live-status';
import { readKey } from '../../lib/saved-reads';
import { useKeptRead } from '../../lib/use-kept-read';
import { useRead } from '../../lib/use-read';
import { ChartStatus } from './chart-status';
import { LatestResult } from './latest-result';
import { useToday } from './use-today';
import { chartWeeks } from './week-grid';
import { WeeklyChart } from './weekly-chart';
import './charts.css';
import { tPages as t } from '../../i18n/en/pages';

/** How far back a weekly chart reaches: a year of market days fits the 1000-row page. */
const CHART_DAYS = 364;

function GamePicker({ games }: { games: MainGame[] }) {
  return (
    <ul className="chart-picker">
      {games.map((g) => (
        <li key={g._id}>
          <Link to="/game-chart/{-$game}" params={{ game: g.gameName.toLowerCase() }}>
            <span className="chart-picker-name">{g.gameName}</span>
            <span className="chart-picker-times">
              {formatTime12(g.openTime)} - {formatTime12(g.closeTime)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function GameWeeks({ game, today }: { game: MainGame; today: string }) {
  const range = { from: addDays(today, -CHART_DAYS), to: today };
  const read = useKeptRead({
    key: readKey('public', `main:${game._id}`),
    fetch: () => fetchMainResults(game._id, range),
    copy: 'at-once',
    // A result of this market declared or reverted while the chart is open: read it again.
    refresh: useLive((s) => s.revisions[game._id] ?? 0),
  });
  return (
    <>
      <ChartStatus
        hasData={read.data !== null}
        loading={read.loading}
        error={read.error?.message ?? null}
        offline={read.offline}
        fetchedAt={read.fetchedAt}
      />
      {read.data ? <LatestResult results={read.data} /> : null}
      {read.data ? <WeeklyChart gameName={game.gameName} weeks={chartWeeks(read.data, today)} /> : null}
    </>
  );
}

/**
 * The weekly result chart of one main game, found by its lowercased name (docs/product.md "Charts");
 * without a name, the list of main games to pick one from.
 */
export function GameChartPage({ game }: { game: string | null }) {
  const games = useRead({ store: 'mainGames', ifNoneMatch: fetchMainGames });
  const today = useToday();
  const status = {
    hasData: games.data !== null,
    loading: games.loading,
    error: games.error?.message ?? null,
  };
  const wanted = game?.trim().toLowerCase() ?? '';
  if (!wanted) {
    return (
      <Page title={t('gameChart')} className="chart-page">
        <ChartStatus {...status} offline={games.offline} />
        {games.data ? <GamePicker games={games.data} /> : null}
      </Page>
    );
  }
  const found = games.data?.find((g) => g.gameName.toLowerCase() === wanted) ?? null;
  return (
    <Page title={found ? t('chartOf', { game: found.gameName }) : t('gameChart')} className="chart-page">
      {found ? null : <ChartStatus {...status} offline={false} />}
      {found ? <GameWeeks key={found._id} game={found} today={today} /> : null}
      {games.data && !found ? (
        <EmptyState title={t('gameNotFound')}>
          <Link to="/game-chart/{-$game}" params={{ game: undefined }}>
            {t('seeAllCharts')}
          </Link>
        </EmptyState>
      ) : null}
    </Page>
  );
}
