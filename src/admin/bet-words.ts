import { BET_TYPES } from '../domain/bet-types';
import type { GameType } from '../domain/types';

// Bet types by name, apart from words.ts: the bet-type registry is only loaded by the screens that
// name bets (results, winners), not by the dashboard every sign-in opens.

/** A bet type as players see it. @example betName('single-panna') // 'Single Panna' */
export function betName(gameType: string): string {
  return BET_TYPES[gameType as GameType]?.title ?? gameType.replace(/-/g, ' ');
}
