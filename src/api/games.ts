import { type Conditional, getConditional } from './get';
import type { GaliGame, MainGame, StarlineGame } from './types';

export const GAMES_FAILED = 'Failed to load games';

export function fetchMainGames(etag: string | null): Promise<Conditional<MainGame[]>> {
  return getConditional('admin/main-games', etag, GAMES_FAILED);
}

export function fetchStarlineGames(etag: string | null): Promise<Conditional<StarlineGame[]>> {
  return getConditional('admin/starline-games', etag, GAMES_FAILED);
}

export function fetchGalidisawarGames(etag: string | null): Promise<Conditional<GaliGame[]>> {
  return getConditional('admin/galidisawar-games', etag, GAMES_FAILED);
}
