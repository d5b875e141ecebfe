import type { StateCreator } from 'zustand';
import type { AppState } from './app-state';
import { type CurrentGame, readCurrentGame, writeCurrentGame } from './current-game';

/** The current game selection; it lives in localStorage, not in the persisted store. */
export type GameSlice = {
  currentGame: CurrentGame | null;
  selectGame: (game: CurrentGame) => void;
};

export const createGameSlice: StateCreator<AppState, [], [], GameSlice> = (set) => ({
  currentGame: readCurrentGame(),
  selectGame: (game) => {
    writeCurrentGame(game);
    set({ currentGame: game });
  },
});
