import type { GameType } from '../../domain/types';
import type { BidMode } from '../../routes/bid-paths';

/** Placeholder until the bidding helper builds the bid forms here. */
export function BidScreen({ gameType, mode }: { gameType: GameType; mode: BidMode }) {
  return (
    <section className="page">
      <h1 className="page-title">
        {gameType} ({mode})
      </h1>
    </section>
  );
}
