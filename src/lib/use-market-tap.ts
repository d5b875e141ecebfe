import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { AnyGame } from '../contracts/games';
import { useAppStore } from '../store/store';
import { tapMarket } from './game-selection';
import { marketTzOf } from './market-tz';
import { showError } from './toast';

/** The tap handler every market card uses: validate, store the selection, go to /market. */
export function useMarketTap(): (game: AnyGame | null | undefined) => void {
  const navigate = useNavigate();
  const selectGame = useAppStore((s) => s.selectGame);
  return useCallback(
    (game) => {
      const state = useAppStore.getState();
      const result = tapMarket(game, state.user?.globel_batting === true, new Date(), marketTzOf(state));
      if (!result.ok) {
        showError(result.message);
        return;
      }
      selectGame(result.selection);
      void navigate({ to: '/market' });
    },
    [navigate, selectGame],
  );
}
