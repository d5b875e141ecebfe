import { Page } from '../../components/page';

/** Game Chart screen for one game or family (a main game name in lowercase); its full build belongs to a later issue. */
export function GameChartPage({ game }: { game: string | null }) {
  return <Page title={game ? `Game Chart: ${game}` : 'Game Chart'} />;
}
