import type { GaliResult, MainResult, StarlineResult } from '../contracts/results';
import { getData } from './get';

export const RESULTS_FAILED = 'Failed to load results';

/** Charts ask for one page of up to 1000 rows (docs/api.md "Reads the app makes"). */
const CHART_LIMIT = 1000;

export type DayRange = { from: string; to: string };

/** One main game's results between two market days, newest first. */
export function fetchMainResults(gameId: string, range: DayRange): Promise<MainResult[]> {
  return getData('admin/all-result', RESULTS_FAILED, { gameId, ...range, limit: CHART_LIMIT });
}

/** Every starline game's results between two market days, newest first. */
export function fetchStarlineResults(range: DayRange): Promise<StarlineResult[]> {
  return getData('admin/all-starline-result', RESULTS_FAILED, { ...range, limit: CHART_LIMIT });
}

/** Every galidisawar game's results between two market days, newest first. */
export function fetchGaliResults(range: DayRange): Promise<GaliResult[]> {
  return getData('admin/all-gali-result', RESULTS_FAILED, { ...range, limit: CHART_LIMIT });
}
