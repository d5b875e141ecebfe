import { gamesLoadError } from '../../api/games';
import type { MainGame } from '../../api/types';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { localize } from '../../i18n/core';
import { tHome as t } from '../../i18n/en/home';
import { isListedToday, stateOf } from '../../lib/game-selection';
import { useMarketTz } from '../../lib/market-tz';
import { useMarketTap } from '../../lib/use-market-tap';
import type { Loadable } from '../../store/loadable';
import { MarketCard } from './market-card';

/**
 * Today's main markets: active games scheduled for this weekday, or 'No Active Games', or the read's
 * failure when there is no saved list to show.
 */
export function MarketList(props: { games: Loadable<MainGame[]>; paused?: boolean }) {
  const { data: games, loading, error } = props.games;
  const onTap = useMarketTap();
  const tz = useMarketTz();
  const now = new Date();
  if (games === null && loading) return <Spinner label={t('loadingMarkets')} />;
  if (games === null && error) {
    return (
      <div className="error-box" role="alert">
        {localize(gamesLoadError(error.message))}
      </div>
    );
  }
  if (games === null) return <EmptyState title={t('noActiveGames')} />;
  const listed = games.filter((g) => isListedToday(g, now, tz));
  if (listed.length === 0) return <EmptyState title={t('noActiveGames')} />;
  return (
    <section className="market-list" aria-label={t('markets')}>
      {listed.map((g) => (
        <MarketCard
          key={g._id}
          game={g}
          running={stateOf(g, now, tz) === 'running'}
          paused={props.paused}
          onTap={onTap}
        />
      ))}
    </section>
  );
}
