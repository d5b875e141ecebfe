import { randomUUID } from 'node:crypto';
import { BET_TYPES } from '../../../src/domain/bet-types';
import { canonicalFields } from '../../../src/domain/bid-row-atoms';
import { parseBidRow, validateAmount } from '../../../src/domain/bid-validation';
import { ADD_ONE_BID, GLOBAL_BATTING_DISABLED, INVALID_GAME_DATA } from '../../../src/domain/messages';
import { pointsToPaise } from '../../../src/domain/money';
import type { Family } from '../../../src/domain/types';
import { checkBidWindow, currentMarketDay } from '../../../src/domain/windows';
import { lockGamesForBids } from '../../db/repositories/bid-games';
import { type BidRow, insertBids, type NewBid } from '../../db/repositories/bids';
import { declaredParts, findResults } from '../../db/repositories/declared-results';
import { debitWithEntry } from '../../db/repositories/ledger';
import { getSetting } from '../../db/repositories/settings';
import type { Queryable } from '../../db/types';
import { forbidden, unprocessable } from '../../http/errors';

export const MAX_BIDS_PER_REQUEST = 500;
export const INSUFFICIENT_BALANCE = 'Insufficient balance';
export const BID_DATE_MISMATCH = 'Bid date must be the current market day';
export const TOO_MANY_BIDS = `At most ${MAX_BIDS_PER_REQUEST} bids per request`;

export interface PlaceInput {
  userId: string;
  family: Family;
  body: unknown;
  now: Date;
  tz: string;
}

/**
 * Places one submission of bids (api.md "Bids"): every row checked with src/domain (shape, amount
 * range, window at the database's time in the market zone, declared sessions), then one conditional
 * debit, its one ledger row and one bids row per atom, all in the caller's transaction. Any failing
 * row fails the whole request with 422 and an errors map keyed bids.N.field.
 */
export async function placeBids(
  tx: Queryable,
  input: PlaceInput,
): Promise<{ bids: BidRow[]; balancePaise: number }> {
  const rows = (input.body as { bids?: unknown } | null)?.bids;
  if (!Array.isArray(rows) || rows.length === 0) throw unprocessable(ADD_ONE_BID, { bids: ADD_ONE_BID });
  if (rows.length > MAX_BIDS_PER_REQUEST) throw unprocessable(TOO_MANY_BIDS, { bids: TOO_MANY_BIDS });

  const user = await tx.query<{ globel_batting: boolean }>('SELECT globel_batting FROM users WHERE id = $1', [
    input.userId,
  ]);
  if (user.rows[0]?.globel_batting !== true) throw forbidden(GLOBAL_BATTING_DISABLED);

  const gameIds = rows.map((r) =>
    typeof r === 'object' && r !== null ? String((r as { game?: unknown }).game ?? '') : '',
  );
  const games = await lockGamesForBids(tx, gameIds, input.family);
  const days = new Map<string, string>();
  for (const g of games.values()) days.set(g.id, currentMarketDay(g.times, input.now, input.tz));
  const results = await findResults(
    tx,
    [...days].map(([gameId, day]) => ({ gameId, day })),
  );
  const limits = await getSetting(tx, 'required-update');
  const range = { min: limits.min_bidamount, max: limits.max_bidamount };

  const errors: Record<string, string> = {};
  const fail = (i: number, field: string, message: string) => {
    errors[`bids.${i}.${field}`] ??= message;
  };
  const accepted: NewBid[] = [];
  for (const [i, raw] of rows.entries()) {
    const game = games.get(gameIds[i] ?? '');
    if (!game) {
      fail(i, 'game', INVALID_GAME_DATA);
      continue;
    }
    const parsed = parseBidRow(raw, input.family);
    if (!parsed.ok) {
      for (const [field, message] of Object.entries(parsed.errors)) fail(i, field, message);
      continue;
    }
    const row = raw as Record<string, unknown>;
    const amountError = validateAmount(parsed.amount, range);
    if (amountError) {
      fail(i, 'amount', amountError);
      continue;
    }
    const day = days.get(game.id) as string;
    const windowError = checkBidWindow({
      game: game.times,
      gameType: parsed.gameType,
      session: parsed.session,
      now: input.now,
      tz: input.tz,
      declared: declaredParts(results.get(`${game.id}|${day}`)),
    });
    if (windowError) {
      fail(i, input.family === 'main' ? 'session' : 'game', windowError);
      continue;
    }
    if (row.bidDate !== undefined && row.bidDate !== null && row.bidDate !== day) {
      fail(i, 'bidDate', BID_DATE_MISMATCH);
      continue;
    }
    const wholeDay = BET_TYPES[parsed.gameType].sessionKind === 'whole-day';
    accepted.push({
      gameId: game.id,
      family: input.family,
      gameType: parsed.gameType,
      // Whole-day main bets are sent with session "Open"; keep what the player chose for history.
      session: input.family === 'main' ? (parsed.session ?? (wholeDay ? 'Open' : null)) : null,
      // Only what the validated bet is made of is stored, never other fields the client sent.
      ...canonicalFields(parsed.atom, parsed.gameType, input.family),
      atom: parsed.atom,
      bidDate: day,
      amountPaise: pointsToPaise(parsed.amount),
    });
  }
  const firstError = Object.values(errors)[0];
  if (firstError !== undefined) throw unprocessable(firstError, errors);

  const total = accepted.reduce((sum, b) => sum + b.amountPaise, 0);
  const requestId = randomUUID();
  const names = [...new Set([...games.values()].map((g) => g.gameName))].join(', ');
  const balancePaise = await debitWithEntry(tx, {
    userId: input.userId,
    amountPaise: -total,
    kind: 'bid',
    refId: requestId,
    description: `Bid placed: ${names} (${accepted.length} ${accepted.length === 1 ? 'bid' : 'bids'})`,
  });
  if (balancePaise === null) throw unprocessable(INSUFFICIENT_BALANCE, { amount: INSUFFICIENT_BALANCE });
  const bids = await insertBids(tx, input.userId, requestId, accepted);
  return { bids, balancePaise };
}
