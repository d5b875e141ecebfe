import { type Conditional, getConditional } from './get';
import type { GaliGame, MainGame, StarlineGame } from './types';

export const GAMES_FAILED = 'Failed to load games';

/** What a market list shows when its games could not be read (docs/product.md section 8). */
export function gamesLoadError(message: string): string {
  return `Error loading games: ${message}`;
}

export function fetchMainGames(etag: string | null): Promise<Conditional<MainGame[]>> {
  return getConditional('admin/main-games', etag, GAMES_FAILED);
}

export function fetchStarlineGames(etag: string | null): Promise<Conditional<StarlineGame[]>> {
  return getConditional('admin/starline-games', etag, GAMES_FAILED);
}

export function fetchGalidisawarGames(etag: string | null): Promise<Conditional<GaliGame[]>> {
  return getConditional('admin/galidisawar-games', etag, GAMES_FAILED);
}
