import { useCallback } from 'react';
import { fetchGalidisawarGames, fetchMainGames, fetchStarlineGames } from '../api/games';
import { fetchGalidisawarRates, fetchMainRates, fetchStarlineRates } from '../api/rates';
import { fetchRequiredUpdate } from '../api/settings';
import type { AnyGame } from '../contracts/games';
import type { AmountLimits } from '../domain/bid-validation';
import type { Family, Rates } from '../domain/types';
import { useAppStore } from '../store/store';
import { useRead } from './use-read';

const GAMES = { main: 'mainGames', starline: 'starlineGames', galidisawar: 'galidisawarGames' } as const;
const RATES = { main: 'mainRates', starline: 'starlineRates', galidisawar: 'galidisawarRates' } as const;
const GAME_READS = { main: fetchMainGames, starline: fetchStarlineGames, galidisawar: fetchGalidisawarGames };
const RATE_READS = { main: fetchMainRates, starline: fetchStarlineRates, galidisawar: fetchGalidisawarRates };

/** Until app settings arrive the server alone enforces the range; nothing is refused early. */
const OPEN_LIMITS: AmountLimits = { min: 1, max: Number.MAX_SAFE_INTEGER };

/**
 * The listed game of the current selection: its schedule and today's results, polled with ETag
 * from the family's market list (the bid screens and the game-type menu both follow it).
 */
export function useListedGame(family: Family | null, gameId: string | null): AnyGame | null {
  // Before the family is known nothing is read; the main list only stands in for the types.
  const read = useRead({
    store: GAMES[family ?? 'main'],
    ifNoneMatch: GAME_READS[family ?? 'main'] as typeof fetchMainGames,
    poll: true,
    enabled: family !== null,
  });
  const games = family ? (read.data as AnyGame[] | null) : null;
  return games?.find((g) => g._id === gameId) ?? null;
}

/**
 * What a bid screen reads besides the selection: the listed game (useListedGame), the family's rate
 * table and the bid amount range (GET /admin/required-update). All come from the store's cache, so
 * a reopened screen shows at once.
 */
export function useBidContext(family: Family | null, gameId: string | null) {
  const required = useRead({
    store: 'requiredUpdate',
    fetch: fetchRequiredUpdate,
    enabled: family !== null,
  }).data;
  const rateRead = useRead({
    store: RATES[family ?? 'main'],
    fetch: RATE_READS[family ?? 'main'],
    enabled: family !== null,
  });
  const rateTables = family ? rateRead.data : null;

  const game = useListedGame(family, gameId);
  const rates = (rateTables?.[0] ?? null) as Rates | null;
  const limits: AmountLimits = required
    ? { min: required.min_bidamount, max: required.max_bidamount }
    : OPEN_LIMITS;
  // A bid refused because a rate it showed changed: the screen reads the family's rates again.
  const refreshRates = useCallback(() => {
    if (family) void useAppStore.getState().load(RATES[family], RATE_READS[family]);
  }, [family]);
  return { game, rates, limits, refreshRates };
}
