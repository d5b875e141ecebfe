import { useCallback, useEffect } from 'react';
import { fetchGalidisawarGames, fetchMainGames, fetchStarlineGames } from '../../api/games';
import { fetchGalidisawarRates, fetchMainRates, fetchStarlineRates } from '../../api/rates';
import { fetchRequiredUpdate } from '../../api/settings';
import type { AnyGame } from '../../contracts/games';
import type { AmountLimits } from '../../domain/bid-validation';
import type { Family, Rates } from '../../domain/types';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';

const GAMES = { main: 'mainGames', starline: 'starlineGames', galidisawar: 'galidisawarGames' } as const;
const RATES = { main: 'mainRates', starline: 'starlineRates', galidisawar: 'galidisawarRates' } as const;

/** Until app settings arrive the server alone enforces the range; nothing is refused early. */
const OPEN_LIMITS: AmountLimits = { min: 1, max: Number.MAX_SAFE_INTEGER };

/**
 * The listed game of the current selection: its schedule and today's results, polled with ETag
 * from the family's market list (the bid screens and the game-type menu both follow it).
 */
export function useListedGame(family: Family | null, gameId: string | null): AnyGame | null {
  const loadConditional = useAppStore((s) => s.loadConditional);
  const games = useAppStore((s) => (family ? (s.cache[GAMES[family]].data as AnyGame[] | null) : null));
  const pollGames = useCallback(async () => {
    if (family === 'main') await loadConditional('mainGames', fetchMainGames);
    else if (family === 'starline') await loadConditional('starlineGames', fetchStarlineGames);
    else if (family === 'galidisawar') await loadConditional('galidisawarGames', fetchGalidisawarGames);
  }, [family, loadConditional]);
  usePolling(pollGames, undefined, family !== null);
  return games?.find((g) => g._id === gameId) ?? null;
}

/**
 * What a bid screen reads besides the selection: the listed game (useListedGame), the family's rate
 * table and the bid amount range (GET /admin/required-update). All come from the store's cache, so
 * a reopened screen shows at once.
 */
export function useBidContext(family: Family | null, gameId: string | null) {
  const load = useAppStore((s) => s.load);
  const rateTables = useAppStore((s) => (family ? s.cache[RATES[family]].data : null));
  const required = useAppStore((s) => s.cache.requiredUpdate.data);

  useEffect(() => {
    if (!family) return;
    void load('requiredUpdate', fetchRequiredUpdate);
    if (family === 'main') void load('mainRates', fetchMainRates);
    else if (family === 'starline') void load('starlineRates', fetchStarlineRates);
    else void load('galidisawarRates', fetchGalidisawarRates);
  }, [family, load]);

  const game = useListedGame(family, gameId);
  const rates = (rateTables?.[0] ?? null) as Rates | null;
  const limits: AmountLimits = required
    ? { min: required.min_bidamount, max: required.max_bidamount }
    : OPEN_LIMITS;
  return { game, rates, limits };
}
