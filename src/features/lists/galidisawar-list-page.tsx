import { fetchGalidisawarGames } from '../../api/games';
import { Page } from '../../components/page';
import { tScreens as t } from '../../i18n/en/screens';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';
import { FamilyList } from './family-list';

export function GalidisawarListPage() {
  const games = useAppStore((s) => s.cache.galidisawarGames);
  const loadConditional = useAppStore((s) => s.loadConditional);
  usePolling(() => loadConditional('galidisawarGames', fetchGalidisawarGames));
  return (
    <Page title={t('galidisawarTitle')}>
      <FamilyList games={games} emptyTitle={t('noGalidisawar')} emptyText={t('noGalidisawarText')} />
    </Page>
  );
}
