import { fetchGalidisawarGames } from '../../api/games';
import { Page } from '../../components/page';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';
import { FamilyList } from './family-list';

export function GalidisawarListPage() {
  const games = useAppStore((s) => s.cache.galidisawarGames);
  const loadConditional = useAppStore((s) => s.loadConditional);
  usePolling(() => loadConditional('galidisawarGames', fetchGalidisawarGames));
  return (
    <Page title="Galidisawar">
      <FamilyList
        games={games}
        emptyTitle="No Active Galidisawar Games"
        emptyText="Currently there are no active galidisawar games available. Please check back later."
      />
    </Page>
  );
}
