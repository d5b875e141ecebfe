import { Page } from '../../components/page';

/** Game Rates screen for one game or family (all, main, starline or galidisawar); its full build belongs to a later issue. */
export function GameRatePage({ game }: { game: string | null }) {
  return <Page title={game ? `Game Rates: ${game}` : 'Game Rates'} />;
}
