import { Link } from '@tanstack/react-router';
import { fetchSliders } from '../../api/content';
import { fetchMainGames } from '../../api/games';
import { fetchContact } from '../../api/settings';
import { tHome as t } from '../../i18n/en/home';
import { useRead } from '../../lib/use-read';
import { useAppStore } from '../../store/store';
import { ImageSlider } from './image-slider';
import { MarketList } from './market-list';
import { QuickTiles } from './quick-tiles';
import './home.css';

/** Home: slider, quick tiles and today's markets, re-fetched every 5 s (with ETag). */
export function HomePage() {
  const user = useAppStore((s) => s.user);
  const sliders = useRead({ store: 'sliders', fetch: fetchSliders }).data;
  const contact = useRead({ store: 'contact', fetch: fetchContact }).data;
  const games = useRead({ store: 'mainGames', ifNoneMatch: fetchMainGames, poll: true });
  // The pause in force (lib/paused.ts's rule, inline: home's first load stays within its budget).
  const paused = user?.pausedUntil ? Date.parse(user.pausedUntil) > Date.now() : false;

  return (
    <div className="home">
      <ImageSlider slides={sliders ?? []} />
      <QuickTiles
        phone={user?.phone || null}
        globelBatting={user?.globel_batting === true}
        support={{ call: contact?.mobilenumber || null, whatsapp: contact?.whatsappnumber || null }}
      />
      {paused ? (
        // A paused player's home says so (issue 39); Responsible Play says until when, to the minute.
        <p className="home-paused" role="status">
          {t('pausedHome')} <Link to="/responsible-play">{t('pausedWhen')}</Link>
        </p>
      ) : null}
      <h2 className="section-title">{t('markets')}</h2>
      <MarketList games={games} paused={paused} />
    </div>
  );
}
