import { BET_TYPES } from '../../domain/bet-types';
import { pannaClass } from '../../domain/pannas';
import type { BidRow, Family, GameType, PannaType } from '../../domain/types';
import type { BidEntry } from './bid-entry';

export type RowContext = { family: Family; gameId: string; gameType: GameType; bidDate: string };

/** gameTypes whose rows carry the market day (docs/api.md "Bids"). */
const DATED: ReadonlySet<GameType> = new Set(['choice-panna', 'red-bracket']);

/**
 * Turns dialog entries into the wire rows of docs/api.md "Bids": main session bets put the number in
 * openDigit or closeDigit by session (with pannaType on panna and odd-even rows), whole-day bets are
 * session Open + openDigit, sangams use their own fields, starline and galidisawar use `digit`.
 */
export function toRows(entries: readonly BidEntry[], ctx: RowContext): BidRow[] {
  return entries.map((entry) => {
    const row = toRow(entry, ctx);
    return DATED.has(ctx.gameType) ? { ...row, bidDate: ctx.bidDate } : row;
  });
}

function toRow(entry: BidEntry, ctx: RowContext): BidRow {
  const base = { game: ctx.gameId, gameType: ctx.gameType, amount: entry.amount };
  if (entry.kind === 'full-sangam') {
    return { ...base, session: 'Open', openPanna: entry.openPanna, closePanna: entry.closePanna };
  }
  if (entry.kind === 'half-sangam') {
    return entry.session === 'Open'
      ? { ...base, session: 'Open', openDigit: entry.digit, closePanna: entry.panna }
      : { ...base, session: 'Close', openPanna: entry.panna, closeDigit: entry.digit };
  }
  // One draw a day: the number alone says everything (docs/api.md "Bids").
  if (ctx.family !== 'main') return { ...base, digit: entry.number };
  if (BET_TYPES[ctx.gameType].sessionKind === 'whole-day') {
    return { ...base, session: 'Open', openDigit: entry.number };
  }
  const session = entry.session ?? 'Open';
  const where = session === 'Open' ? { openDigit: entry.number } : { closeDigit: entry.number };
  const pannaType =
    BET_TYPES[ctx.gameType].atom === 'panna'
      ? pannaClass(entry.number)
      : oddEvenType(ctx.gameType, entry.number);
  return pannaType ? { ...base, session, ...where, pannaType } : { ...base, session, ...where };
}

/** Odd-even rows say which half they came from; the digit's parity decides it. */
function oddEvenType(gameType: GameType, digit: string): PannaType | undefined {
  if (gameType !== 'odd-even') return undefined;
  return Number(digit) % 2 === 1 ? 'ODD' : 'EVEN';
}
