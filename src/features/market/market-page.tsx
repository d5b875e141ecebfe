import { useAppStore } from '../../store/store';

/** Placeholder until the bidding helper builds the game-type menu here. */
export function MarketPage() {
  const game = useAppStore((s) => s.currentGame);
  return (
    <section className="page">
      <h1 className="page-title">{game ? game.gameName : 'Market'}</h1>
    </section>
  );
}
