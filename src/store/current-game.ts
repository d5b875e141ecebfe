import type { Family } from '../domain/types';

/** The market a player tapped, read by the game-type menu and bid screens (docs/product.md section 3). */
export type CurrentGame = {
  gameId: string;
  gameName: string;
  openTime: string;
  closeTime: string | null;
  gamePurpose: Family;
  formattedOpenTime: string;
  formattedCloseTime: string | null;
};

const KEY = 'currentGame';

export function readCurrentGame(): CurrentGame | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CurrentGame>;
    if (typeof parsed.gameId !== 'string' || typeof parsed.gameName !== 'string') return null;
    return parsed as CurrentGame;
  } catch {
    return null;
  }
}

export function writeCurrentGame(game: CurrentGame | null): void {
  if (game) localStorage.setItem(KEY, JSON.stringify(game));
  else localStorage.removeItem(KEY);
}
