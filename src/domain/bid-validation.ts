import { BET_TYPES, type BetType, isGameType, offeredIn } from './bet-types';
import { drawRowAtom, type FieldErrors, mainRowAtom } from './bid-row-atoms';
import {
  ENTER_ONE_BID,
  GAME_TYPE_NOT_OFFERED,
  INVALID_BID_ROW,
  INVALID_GAME_TYPE,
  maxBidMessage,
  minBidMessage,
  ONE_DIGIT_ONLY,
  PANNA_TYPE_MISMATCH,
  SELECT_MARKET_TYPE,
  VALID_AMOUNT,
  VALID_BID_DATE,
  VALID_PANNA,
} from './messages';
import type { Atom, BidRow, Family, GameType, Session } from './types';

export type AmountLimits = { min: number; max: number };

/**
 * Reads an amount as typed or sent: a whole number of points above zero, else null.
 * @example parseAmount(' 50 ') // 50; parseAmount('5.5') // null
 */
export function parseAmount(amount: unknown): number | null {
  const n = typeof amount === 'string' && /^\s*[0-9]+\s*$/.test(amount) ? Number(amount) : amount;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) return null;
  return n;
}

/**
 * The amount check of docs/product.md section 5: whole points above zero, within min_bidamount and
 * max_bidamount. Returns the message to show, or null when the amount is fine.
 * @example validateAmount(5, {min: 10, max: 10000}) // 'Minimum bid amount is 10'
 */
export function validateAmount(amount: unknown, limits: AmountLimits): string | null {
  const n = parseAmount(amount);
  if (n === null) return VALID_AMOUNT;
  if (n < limits.min) return minBidMessage(limits.min);
  if (n > limits.max) return maxBidMessage(limits.max);
  return null;
}

export type SingleModeBid = { digit: string; amount: number };

/**
 * Single mode: one amount input per digit; zero or blank removes that bid (docs/product.md section 5).
 * Entries keep their insertion order. Any other unreadable entry is kept as NaN so the amount check
 * reports it rather than dropping it silently.
 * @example singleModeBids({'1': '10', '2': '', '3': 0}) // [{digit: '1', amount: 10}]
 */
export function singleModeBids(entries: Readonly<Record<string, unknown>>): SingleModeBid[] {
  const bids: SingleModeBid[] = [];
  for (const [digit, raw] of Object.entries(entries)) {
    const text = typeof raw === 'string' ? raw.trim() : raw;
    if (text === '' || text === null || text === undefined || text === 0 || text === '0') continue;
    bids.push({ digit, amount: parseAmount(text) ?? Number.NaN });
  }
  return bids;
}

/** Sum of the amounts of a list of bids (points). */
export function bidsTotal(bids: readonly { amount: number }[]): number {
  return bids.reduce((sum, b) => sum + (Number.isFinite(b.amount) ? b.amount : 0), 0);
}

/**
 * Checks single-mode entries: at least one bid ('Please enter at least one bid'), each amount within
 * the limits. Returns the bids, or the first message with the digit it belongs to.
 */
export function validateSingleMode(
  entries: Readonly<Record<string, unknown>>,
  limits: AmountLimits,
): { ok: true; bids: SingleModeBid[] } | { ok: false; message: string; digit?: string } {
  const bids = singleModeBids(entries);
  if (bids.length === 0) return { ok: false, message: ENTER_ONE_BID };
  for (const bid of bids) {
    const message = validateAmount(bid.amount, limits);
    if (message) return { ok: false, message, digit: bid.digit };
  }
  return { ok: true, bids };
}

export type ParsedBidRow =
  | {
      ok: true;
      gameType: GameType;
      amount: number;
      atom: Atom;
      session: Session | null;
      sessionKind: BetType['sessionKind'];
    }
  | { ok: false; errors: FieldErrors };

const STRING_FIELDS = ['digit', 'openDigit', 'closeDigit', 'openPanna', 'closePanna'] as const;
const PANNA_TYPES: readonly unknown[] = ['SP', 'DP', 'TP', 'ODD', 'EVEN'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/**
 * Shape check of one wire row (docs/api.md "Bids") for its gameType and the market's family: known
 * gameType offered there, whole-number amount above zero, session where needed, the number in the
 * right field, canonical pannas of the right class, pannaType consistent. Amount range, windows and
 * balance are checked elsewhere. Errors are keyed by wire field.
 * @example parseBidRow({game: 'g', gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '4'}, 'main')
 * // {ok: true, atom: {kind: 'digit', target: 'open', digit: '4'}, session: 'Open', sessionKind: 'session', ...}
 */
export function parseBidRow(row: unknown, family: Family): ParsedBidRow {
  if (!isObject(row)) return { ok: false, errors: { gameType: INVALID_BID_ROW } };
  const { gameType, session, bidDate } = row;
  if (!isGameType(gameType)) return { ok: false, errors: { gameType: INVALID_GAME_TYPE } };
  if (!offeredIn(gameType, family)) return { ok: false, errors: { gameType: GAME_TYPE_NOT_OFFERED } };
  const errors: FieldErrors = {};
  const amount = parseAmount(row.amount);
  if (amount === null || typeof row.amount !== 'number') errors.amount = VALID_AMOUNT;
  if (session !== undefined && session !== null && session !== 'Open' && session !== 'Close') {
    errors.session = SELECT_MARKET_TYPE;
  }
  if (bidDate !== undefined && bidDate !== null && !isIsoDate(bidDate)) errors.bidDate = VALID_BID_DATE;
  for (const field of STRING_FIELDS) {
    if (row[field] !== undefined && row[field] !== null && typeof row[field] !== 'string') {
      errors[field] = field.endsWith('Panna') ? VALID_PANNA : ONE_DIGIT_ONLY;
    }
  }
  const pannaType = row.pannaType ?? undefined;
  if (pannaType !== undefined && !PANNA_TYPES.includes(pannaType)) errors.pannaType = PANNA_TYPE_MISMATCH;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // JSON clients send null for fields they do not use; null and absent mean the same here.
  const clean = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)) as Partial<BidRow>;
  const built = family === 'main' ? mainRowAtom(clean, gameType) : drawRowAtom(clean, gameType);
  if ('errors' in built) return { ok: false, errors: built.errors };
  return {
    ok: true,
    gameType,
    amount: amount as number,
    atom: built.atom,
    session: built.session,
    sessionKind: BET_TYPES[gameType].sessionKind,
  };
}
