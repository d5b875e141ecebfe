import { getData } from './get';
import type { RatesEntry } from './types';

export const RATES_FAILED = 'Failed to load game rates';

export function fetchMainRates(): Promise<RatesEntry[]> {
  return getData('admin/game-point', RATES_FAILED);
}

export function fetchStarlineRates(): Promise<RatesEntry[]> {
  return getData('admin/starline-game-rate', RATES_FAILED);
}

export function fetchGalidisawarRates(): Promise<RatesEntry[]> {
  return getData('admin/galidisawar-rate', RATES_FAILED);
}
