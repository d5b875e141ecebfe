import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { EmptyState } from '../../components/empty-state';
import { TimeText } from '../../components/time-text';
import { INVALID_GAME_DATA } from '../../domain/messages';
import { gameLine } from '../../lib/bid-title';
import { useMarketTz } from '../../lib/market-tz';
import { declaredToday, selectedTimes } from '../../lib/selected-times';
import { useListedGame } from '../../lib/use-bid-context';
import { useNow } from '../../lib/use-now';
import { useAppStore } from '../../store/store';
import { GameTypeMenu } from './game-type-menu';
import './market.css';
import { localize } from '../../i18n/core';
import { tScreens as t } from '../../i18n/en/screens';

/** /market: the game-type menu for the market the player tapped (docs/product.md "Game-type menu"). */
export function MarketPage() {
  const selection = useAppStore((s) => s.currentGame);
  const family = selection?.gamePurpose ?? null;
  const navigate = useNavigate();
  // The menu's entries close at open time, so it follows the clock.
  const now = useNow();
  const tz = useMarketTz();
  const listed = useListedGame(family, selection?.gameId ?? null);
  const times = useMemo(() => (selection ? selectedTimes(selection, listed) : null), [selection, listed]);
  const declared = useMemo(() => declaredToday(listed), [listed]);

  if (!selection || !times) {
    return (
      <EmptyState title={localize(INVALID_GAME_DATA)}>
        <Link to="/home">{t('chooseMarket')}</Link>
      </EmptyState>
    );
  }
  return (
    <section className="market-page" aria-labelledby="market-title">
      <h1 id="market-title" className="market-title">
        <TimeText text={gameLine(selection)} />
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
