import { Page } from '../../components/page';

/** Bid History screen for one game or family (main, starline or galidisawar); its full build belongs to a later issue. */
export function BidHistoryPage({ game }: { game: string | null }) {
  return <Page title={game ? `Bid History: ${game}` : 'Bid History'} />;
}
