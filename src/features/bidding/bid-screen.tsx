import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { placeBids } from '../../api/bids';
import { EmptyState } from '../../components/empty-state';
import { offeredIn } from '../../domain/bet-types';
import { GAME_TYPE_NOT_OFFERED, INVALID_GAME_DATA } from '../../domain/messages';
import type { BidRow, GameType } from '../../domain/types';
import { useMarketTz } from '../../lib/market-tz';
import { declaredToday, selectedTimes } from '../../lib/selected-times';
import { useBidContext } from '../../lib/use-bid-context';
import { useNow } from '../../lib/use-now';
import type { BidMode } from '../../routes/bid-paths';
import { useAppStore } from '../../store/store';
import { BidForm } from './bid-form';
import { screenFor } from './screens';
import './bidding.css';
import { localize } from '../../i18n/core';
import { tBidding as t } from '../../i18n/en/bidding';

/**
 * Every bid route lands here with its gameType and mode; the current game selection says which
 * market and family the bids are for.
 */
export function BidScreen({ gameType, mode }: { gameType: GameType; mode: BidMode }) {
  const selection = useAppStore((s) => s.currentGame);
  const refreshUser = useAppStore((s) => s.refreshUser);
  const family = selection?.gamePurpose ?? null;
  const { game, rates, limits, refreshRates } = useBidContext(family, selection?.gameId ?? null);
  const now = useNow();
  const tz = useMarketTz();
  const config = screenFor(gameType, mode);
  const times = useMemo(() => (selection ? selectedTimes(selection, game) : null), [selection, game]);
  const declared = useMemo(() => declaredToday(game), [game]);
  const place = useCallback(
    (rows: BidRow[], key: string) => placeBids(family ?? 'main', rows, key),
    [family],
  );
  const navigate = useNavigate();
  const addFund = useCallback(() => void navigate({ to: '/payment' }), [navigate]);
  const setBalance = useAppStore((s) => s.setBalance);
  const onPlaced = useCallback(
    (answer: unknown) => {
      const balance = (answer as { balance?: unknown } | null)?.balance;
      if (typeof balance === 'number') setBalance(balance);
      void refreshUser();
    },
    [refreshUser, setBalance],
  );

  if (!selection || !times || !config) {
    return (
      <EmptyState title={localize(INVALID_GAME_DATA)}>
        <Link to="/home">{t('chooseMarket')}</Link>
      </EmptyState>
    );
  }
  if (!offeredIn(gameType, times.family)) {
    return (
      <EmptyState title={localize(GAME_TYPE_NOT_OFFERED)}>
        <Link to="/market">{t('backToGameTypes')}</Link>
      </EmptyState>
    );
  }
  return (
    <BidForm
      key={`${selection.gameId}-${config.slug}`}
      config={config}
      game={selection}
      times={times}
      declared={declared}
      limits={limits}
      rates={rates}
      now={now}
      tz={tz}
      place={place}
      onPlaced={onPlaced}
      onAddFund={addFund}
      onRatesChanged={refreshRates}
    />
  );
}
