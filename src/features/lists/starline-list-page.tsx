import { fetchStarlineGames } from '../../api/games';
import { Page } from '../../components/page';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';
import { FamilyList } from './family-list';

export function StarlineListPage() {
  const games = useAppStore((s) => s.cache.starlineGames);
  const loadConditional = useAppStore((s) => s.loadConditional);
  usePolling(() => loadConditional('starlineGames', fetchStarlineGames));
  return (
    <Page title="Starline">
      <FamilyList
        games={games}
        emptyTitle="No Active Starline Games"
        emptyText="Currently there are no active starline games available. Please check back later."
      />
    </Page>
  );
}
