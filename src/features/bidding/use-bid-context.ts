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
 * What a bid screen or the game-type menu reads besides the selection: the listed game (for its
 * schedule and today's results, polled with ETag), the family's rate table and the bid amount range
 * (GET /admin/required-update). All come from the store's cache, so a reopened screen shows at once.
 */
export function useBidContext(family: Family | null, gameId: string | null) {
  const load = useAppStore((s) => s.load);
  const loadConditional = useAppStore((s) => s.loadConditional);
  const games = useAppStore((s) => (family ? (s.cache[GAMES[family]].data as AnyGame[] | null) : null));
  const rateTables = useAppStore((s) => (family ? s.cache[RATES[family]].data : null));
  const required = useAppStore((s) => s.cache.requiredUpdate.data);

  useEffect(() => {
    if (!family) return;
    void load('requiredUpdate', fetchRequiredUpdate);
    if (family === 'main') void load('mainRates', fetchMainRates);
    else if (family === 'starline') void load('starlineRates', fetchStarlineRates);
    else void load('galidisawarRates', fetchGalidisawarRates);
  }, [family, load]);

  const pollGames = useCallback(async () => {
    if (family === 'main') await loadConditional('mainGames', fetchMainGames);
    else if (family === 'starline') await loadConditional('starlineGames', fetchStarlineGames);
    else if (family === 'galidisawar') await loadConditional('galidisawarGames', fetchGalidisawarGames);
  }, [family, loadConditional]);
  usePolling(pollGames, undefined, family !== null);

  const game = games?.find((g) => g._id === gameId) ?? null;
  const rates = (rateTables?.[0] ?? null) as Rates | null;
  const limits: AmountLimits = required
    ? { min: required.min_bidamount, max: required.max_bidamount }
    : OPEN_LIMITS;
  return { game, rates, limits };
}
