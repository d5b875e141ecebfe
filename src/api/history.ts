import type { Bid, Winner } from '../contracts/bids';
import type { Family } from '../contracts/common';
import { getPage, type Page } from './paged';

export const BIDS_FAILED = 'Failed to load bids';
export const WINNERS_FAILED = 'Failed to load winners';

export type HistoryFilter = { date: string; marketType: Family; page: number };

/** The family and, once picked, the day a history asks for. */
function queryOf(f: HistoryFilter): Record<string, string> {
  return f.date ? { marketType: f.marketType, date: f.date } : { marketType: f.marketType };
}

/** The player's own bids of one family on one day (GET /user/all-bids). */
export function fetchBidHistory(f: HistoryFilter): Promise<Page<Bid>> {
  return getPage('user/all-bids', f.page, BIDS_FAILED, queryOf(f));
}

/** The window of recent wins the win news reads (lib/wins-told.ts keeps ten times as many ids). */
export const RECENT_WINS = 20;

/** The player's newest winning bids of every family (GET /user/winners, the first page). */
export async function fetchRecentWins(): Promise<Winner[]> {
  return (await getPage<Winner>('user/winners', 1, WINNERS_FAILED, { limit: String(RECENT_WINS) })).items;
}

/** The player's own winning bids of one family on one day (GET /user/winners). */
export function fetchWinHistory(f: HistoryFilter): Promise<Page<Winner>> {
  return getPage('user/winners', f.page, WINNERS_FAILED, queryOf(f));
}
