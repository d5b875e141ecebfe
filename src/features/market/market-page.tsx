import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { fetchGalidisawarGames, fetchMainGames, fetchStarlineGames } from '../../api/games';
import { EmptyState } from '../../components/empty-state';
import type { AnyGame } from '../../contracts/games';
import { formatTime12 } from '../../domain/format';
import { INVALID_GAME_DATA } from '../../domain/messages';
import { useMarketTz } from '../../lib/market-tz';
import { declaredToday, selectedTimes } from '../../lib/selected-times';
import { useNow } from '../../lib/use-now';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';
import { GameTypeMenu } from './game-type-menu';
import './market.css';

const GAMES = { main: 'mainGames', starline: 'starlineGames', galidisawar: 'galidisawarGames' } as const;

/** /market: the game-type menu for the market the player tapped (product.md "Game-type menu"). */
export function MarketPage() {
  const selection = useAppStore((s) => s.currentGame);
  const family = selection?.gamePurpose ?? null;
  const games = useAppStore((s) => (family ? (s.cache[GAMES[family]].data as AnyGame[] | null) : null));
  const loadConditional = useAppStore((s) => s.loadConditional);
  const navigate = useNavigate();
  // The menu's entries close at open time, so it follows the clock.
  const now = useNow();
  const tz = useMarketTz();
  usePolling(
    async () => {
      if (family === 'main') await loadConditional('mainGames', fetchMainGames);
      else if (family === 'starline') await loadConditional('starlineGames', fetchStarlineGames);
      else if (family === 'galidisawar') await loadConditional('galidisawarGames', fetchGalidisawarGames);
    },
    undefined,
    family !== null,
  );
  const listed = games?.find((g) => g._id === selection?.gameId) ?? null;
  const times = useMemo(() => (selection ? selectedTimes(selection, listed) : null), [selection, listed]);
  const declared = useMemo(() => declaredToday(listed), [listed]);

  if (!selection || !times) {
    return (
      <EmptyState title={INVALID_GAME_DATA}>
        <Link to="/home">Choose a market on the home screen</Link>
      </EmptyState>
    );
  }
  const close = selection.closeTime ? ` - ${formatTime12(selection.closeTime)}` : '';
  return (
    <section className="market-page" aria-labelledby="market-title">
      <h1 id="market-title" className="market-title">
        {selection.gameName} {formatTime12(selection.openTime)}
        {close}
      </h1>
      <GameTypeMenu
        game={times}
        now={now}
        tz={tz}
        declared={declared}
        onOpen={(route) => void navigate({ to: route })}
      />
    </section>
  );
}
