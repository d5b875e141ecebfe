import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { fetchGalidisawarGames, fetchMainGames, fetchStarlineGames } from '../../api/games';
import { EmptyState } from '../../components/empty-state';
import type { AnyGame } from '../../contracts/games';
import { formatTime12 } from '../../domain/format';
import { DEFAULT_MARKET_TZ } from '../../domain/market-time';
import { INVALID_GAME_DATA } from '../../domain/messages';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';
import { GameTypeMenu } from './game-type-menu';
import { declaredToday, selectedTimes } from './market-times';
import './market.css';

const GAMES = { main: 'mainGames', starline: 'starlineGames', galidisawar: 'galidisawarGames' } as const;

/** The menu's clock: entries close at open time, so it follows the minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** /market: the game-type menu for the market the player tapped (product.md "Game-type menu"). */
export function MarketPage() {
  const selection = useAppStore((s) => s.currentGame);
  const family = selection?.gamePurpose ?? null;
  const games = useAppStore((s) => (family ? (s.cache[GAMES[family]].data as AnyGame[] | null) : null));
  const loadConditional = useAppStore((s) => s.loadConditional);
  const navigate = useNavigate();
  const now = useMinuteClock();
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
        tz={DEFAULT_MARKET_TZ}
        declared={declared}
        onOpen={(route) => void navigate({ to: route })}
      />
    </section>
  );
}
