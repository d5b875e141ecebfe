import type { GameType, Session } from '../../domain/types';

/**
 * One bid as the player sees it in the confirmation dialog, before it becomes a wire row.
 * `number` is the digit, jodi or panna; sangams carry their two parts instead.
 */
export type BidEntry =
  | {
      kind: 'number';
      gameType: GameType;
      number: string;
      session: Session | null;
      amount: number;
    }
  | { kind: 'full-sangam'; openPanna: string; closePanna: string; amount: number }
  | { kind: 'half-sangam'; session: Session; digit: string; panna: string; amount: number };

/** A stable key: the same number in the same session is one bid, a later amount replaces it. */
export function entryKey(entry: BidEntry): string {
  switch (entry.kind) {
    case 'number':
      return `${entry.session ?? '-'}:${entry.number}`;
    case 'full-sangam':
      return `${entry.openPanna}-${entry.closePanna}`;
    case 'half-sangam':
      return `${entry.session}:${entry.digit}-${entry.panna}`;
  }
}

export function entrySession(entry: BidEntry): Session | null {
  return entry.kind === 'full-sangam' ? null : entry.session;
}
