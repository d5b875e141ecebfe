import { lazy, Suspense } from 'react';
import { fetchSliders } from '../../api/content';
import { fetchMainGames } from '../../api/games';
import { fetchContact } from '../../api/settings';
import { tHome as t } from '../../i18n/en/home';
import { usePausedUntil } from '../../lib/paused';
import { useRead } from '../../lib/use-read';
import { useAppStore } from '../../store/store';
import { ImageSlider } from './image-slider';
import { MarketList } from './market-list';
import { QuickTiles } from './quick-tiles';
import './home.css';

// Only a paused player's home loads it (issue 39).
const PausedBanner = lazy(() => import('./paused-banner').then((m) => ({ default: m.PausedBanner })));

/** Home: slider, quick tiles and today's markets, re-fetched every 5 s (with ETag). */
export function HomePage() {
  const user = useAppStore((s) => s.user);
  const sliders = useRead({ store: 'sliders', fetch: fetchSliders }).data;
  const contact = useRead({ store: 'contact', fetch: fetchContact }).data;
  const games = useRead({ store: 'mainGames', ifNoneMatch: fetchMainGames, poll: true });
  const paused = usePausedUntil();

  return (
    <div className="home">
      <ImageSlider slides={sliders ?? []} />
      <QuickTiles
        phone={user?.phone || null}
        globelBatting={user?.globel_batting === true}
        support={{ call: contact?.mobilenumber || null, whatsapp: contact?.whatsappnumber || null }}
      />
      {paused ? (
        <Suspense fallback={null}>
          <PausedBanner until={paused} />
        </Suspense>
      ) : null}
      <h2 className="section-title">{t('markets')}</h2>
      <MarketList games={games} paused={paused !== null} />
    </div>
  );
}
