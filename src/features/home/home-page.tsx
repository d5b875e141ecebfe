import { useEffect } from 'react';
import { fetchSliders } from '../../api/content';
import { fetchMainGames } from '../../api/games';
import { fetchContact } from '../../api/settings';
import { tHome as t } from '../../i18n/en/home';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';
import { ImageSlider } from './image-slider';
import { MarketList } from './market-list';
import { QuickTiles } from './quick-tiles';
import './home.css';

/** Home: slider, quick tiles and today's markets, re-fetched every 5 s (with ETag). */
export function HomePage() {
  const user = useAppStore((s) => s.user);
  const sliders = useAppStore((s) => s.cache.sliders.data);
  const contact = useAppStore((s) => s.cache.contact.data);
  const games = useAppStore((s) => s.cache.mainGames);
  const load = useAppStore((s) => s.load);
  const loadConditional = useAppStore((s) => s.loadConditional);

  useEffect(() => {
    void load('sliders', fetchSliders);
    void load('contact', fetchContact);
  }, [load]);
  usePolling(() => loadConditional('mainGames', fetchMainGames));

  return (
    <div className="home">
      <ImageSlider slides={sliders ?? []} />
      <QuickTiles
        phone={user?.phone || null}
        globelBatting={user?.globel_batting === true}
        support={{ call: contact?.mobilenumber || null, whatsapp: contact?.whatsappnumber || null }}
      />
      <h2 className="section-title">{t('markets')}</h2>
      <MarketList games={games} />
    </div>
  );
}
