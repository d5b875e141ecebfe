import { fetchStarlineGames } from '../../api/games';
import { Page } from '../../components/page';
import { tScreens as t } from '../../i18n/en/screens';
import { useRead } from '../../lib/use-read';
import { FamilyList } from './family-list';

export function StarlineListPage() {
  const games = useRead({ store: 'starlineGames', ifNoneMatch: fetchStarlineGames, poll: true });
  return (
    <Page title={t('starlineTitle')}>
      <FamilyList games={games} emptyTitle={t('noStarline')} emptyText={t('noStarlineText')} />
    </Page>
  );
}
