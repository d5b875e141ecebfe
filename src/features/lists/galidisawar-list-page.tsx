import { fetchGalidisawarGames } from '../../api/games';
import { Page } from '../../components/page';
import { tScreens as t } from '../../i18n/en/screens';
import { useRead } from '../../lib/use-read';
import { FamilyList } from './family-list';

export function GalidisawarListPage() {
  const games = useRead({ store: 'galidisawarGames', ifNoneMatch: fetchGalidisawarGames, poll: true });
  return (
    <Page title={t('galidisawarTitle')}>
      <FamilyList games={games} emptyTitle={t('noGalidisawar')} emptyText={t('noGalidisawarText')} />
    </Page>
  );
}
