import { Page } from '../../components/page';

/** Win History screen for one game or family (main, starline or galidisawar); its full build belongs to a later issue. */
export function WinHistoryPage({ game }: { game: string | null }) {
  return <Page title={game ? `Win History: ${game}` : 'Win History'} />;
}
