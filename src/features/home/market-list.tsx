import type { MainGame } from '../../api/types';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { isListedToday, stateOf } from '../../lib/game-selection';
import { useMarketTz } from '../../lib/market-tz';
import { useMarketTap } from '../../lib/use-market-tap';
import { MarketCard } from './market-card';

/** Today's main markets: active games scheduled for this weekday, or 'No Active Games'. */
export function MarketList({ games, loading }: { games: MainGame[] | null; loading: boolean }) {
  const onTap = useMarketTap();
  const tz = useMarketTz();
  const now = new Date();
  if (games === null)
    return loading ? <Spinner label="Loading markets" /> : <EmptyState title="No Active Games" />;
  const listed = games.filter((g) => isListedToday(g, now, tz));
  if (listed.length === 0) return <EmptyState title="No Active Games" />;
  return (
    <section className="market-list" aria-label="Markets">
      {listed.map((g) => (
        <MarketCard key={g._id} game={g} running={stateOf(g, now, tz) === 'running'} onTap={onTap} />
      ))}
    </section>
  );
}
