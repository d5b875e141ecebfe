import { fetchStarlineGames } from '../../api/games';
import { Page } from '../../components/page';
import { tScreens as t } from '../../i18n/en/screens';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';
import { FamilyList } from './family-list';

export function StarlineListPage() {
  const games = useAppStore((s) => s.cache.starlineGames);
  const loadConditional = useAppStore((s) => s.loadConditional);
  usePolling(() => loadConditional('starlineGames', fetchStarlineGames));
  return (
    <Page title={t('starlineTitle')}>
      <FamilyList games={games} emptyTitle={t('noStarline')} emptyText={t('noStarlineText')} />
    </Page>
  );
}
