import { randomUUID } from 'node:crypto';
import { BET_TYPES } from '../../../src/domain/bet-types';
import { canonicalFields } from '../../../src/domain/bid-row-atoms';
import { parseBidRow, validateAmount } from '../../../src/domain/bid-validation';
import {
  ADD_ONE_BID,
  GLOBAL_BATTING_DISABLED,
  INVALID_BID_ROW,
  INVALID_GAME_DATA,
  RATE_NOT_SET,
} from '../../../src/domain/messages';
import { pointsToPaise } from '../../../src/domain/money';
import { placeRate, rateKeyFor, shownRate } from '../../../src/domain/rates';
import type { MoneyMode } from '../../../src/domain/responsible-play';
import type { Family } from '../../../src/domain/types';
import { bidCutOff, checkBidWindow, currentMarketDay } from '../../../src/domain/windows';
import type { GameForMoney } from '../../db/repositories/bid-games';
import type { PlaceOutcome, StatementBid } from '../../db/repositories/bid-statement';
import { type BidRow, pendingBidRow } from '../../db/repositories/bids';
import { declaredParts } from '../../db/repositories/declared-results';
import type { Db } from '../../db/types';
import type { Deps } from '../../deps';
import { ledgerText } from '../../i18n/ledger-text';
import { bidsAccepted } from '../../metrics';
import { bidLimits } from '../content/cached-settings';
import { badRequest, forbidden, ServiceError, unprocessable } from '../errors';
import type { MoneyAnswer } from '../idempotency';
import { parseIdempotencyKey, requestHash } from '../idempotency-hash';
import { noteRefusal } from '../players/responsible-play';
import { bidCombiner } from './combine';
import { placedAnswer } from './present';
import { bidGames, bidRates, dayResult, refreshBidReads } from './reads';
import { judgeAgain, refusal, storedAnswer } from './refusals';

export const MAX_BIDS_PER_REQUEST = 500;
export const BID_DATE_MISMATCH = 'Bid date must be the current market day';
export const TOO_MANY_BIDS = `At most ${MAX_BIDS_PER_REQUEST} bids per request`;

/** How often a submission is judged again when a game or rate changed under it (then: try again). */
const STALE_RETRIES = 3;

/** One request to place bids, as the route read it (the clock and settings come from deps). */
export interface BidRequest {
  userId: string;
  family: Family;
  body: unknown;
  /** The player's betting switch as their token was read (the statement re-checks it). */
  globelBatting: boolean;
  /** The Idempotency-Key header, if sent. */
  idempotencyKey: string | undefined;
}

/** A request with what it is judged at: the instant, the market zone, the money mode. */
interface PlaceInput extends BidRequest {
  now: Date;
  tz: string;
  /** True when `now` is the database's clock: the statement then checks cut-offs at the write. */
  databaseClock: boolean;
  /** How a limit refusal names amounts (rupees or points). */
  moneyMode: MoneyMode;
}

interface Judged {
  bids: StatementBid[];
  /** The submitted row each atom came from (a refusal names bids.N of the submission). */
  rowOf: number[];
  games: GameForMoney[];
  /** Each atom as a stored row will read, still pending: what the answer shows. */
  pending: BidRow[];
}

/**
 * Places one submission of bids (docs/api.md "Bids") in one round trip to the database: every row is
 * judged with src/domain against the read models this process keeps in memory (the games' times
 * and schedules, the day's results, the bid limits; all invalidated by LISTEN/NOTIFY), then one
 * statement (server/db/functions/matka_place_bids.sql; under load several players' submissions share one,
 * combine.ts) re-checks under the declaration's lock whatever
 * could have changed since (the game, a result, the cut-off, the player's switch, the balance) and
 * writes the debit, its ledger row, one bids row per atom and the idempotent answer together.
 * Any failing row fails the whole request with 422 and an errors map keyed bids.N.field.
 */
export async function placeBids(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  request: BidRequest,
): Promise<MoneyAnswer> {
  const { db, clock, env } = deps;
  const key = parseIdempotencyKey(request.idempotencyKey);
  if (key === 'invalid') {
    throw badRequest('Invalid Idempotency-Key', { 'Idempotency-Key': 'Use 1-200 printable characters' });
  }
  const input: PlaceInput = {
    ...request,
    now: await clock.now(),
    tz: env.MARKET_TZ,
    databaseClock: clock.isDatabaseClock === true,
    moneyMode: env.MONEY_MODE,
  };
  // A key is scoped to the route it was sent to (one per family).
  const hash = key === null ? null : requestHash(`POST bids ${request.family}`, request.body);
  for (let attempt = 0; ; attempt++) {
    let judged: Judged;
    try {
      judged = await judge(db, input);
    } catch (error) {
      // A retry of a submission that was placed before answers what it answered then, even when
      // the same rows would be refused now (the market closed since, the switch is off...).
      if (key !== null && hash !== null && error instanceof ServiceError) {
        const replay = await storedAnswer(db, input.userId, key, hash);
        if (replay) return replay;
      }
      throw error;
    }
    const outcome = await place(db, input, judged, key, hash);
    if ('created' in outcome) {
      bidsAccepted.inc(judged.bids.length);
      return { status: 201, body: placedAnswer(judged.pending, outcome.balance, outcome.created) };
    }
    if ('status' in outcome) {
      if (!outcome.replayed) bidsAccepted.inc(judged.bids.length);
      return { status: outcome.status as MoneyAnswer['status'], body: outcome.body };
    }
    if (judgeAgain(outcome, judged) && attempt + 1 < STALE_RETRIES) {
      refreshBidReads(db);
      continue;
    }
    const error = refusal(outcome, input, judged);
    // A pause or limit refusal is counted for the operators' report (only refusals pay for this).
    throw await noteRefusal(db, input.userId, error);
  }
}

async function judge(db: Db, input: PlaceInput): Promise<Judged> {
  if (!input.globelBatting) throw forbidden(GLOBAL_BATTING_DISABLED);
  const rows = (input.body as { bids?: unknown } | null)?.bids;
  if (!Array.isArray(rows) || rows.length === 0) throw unprocessable(ADD_ONE_BID, { bids: ADD_ONE_BID });
  if (rows.length > MAX_BIDS_PER_REQUEST) throw unprocessable(TOO_MANY_BIDS, { bids: TOO_MANY_BIDS });

  const gameIds = rows.map((r) =>
    typeof r === 'object' && r !== null ? String((r as { game?: unknown }).game ?? '') : '',
  );
  const games = await bidGames(db, input.family, gameIds);
  const rates = await bidRates(db, input.family);
  const limits = await bidLimits(db);
  const range = { min: limits.min_bidamount, max: limits.max_bidamount };

  const errors: Record<string, string> = {};
  const fail = (i: number, field: string, message: string) => {
    errors[`bids.${i}.${field}`] ??= message;
  };
  const bids: StatementBid[] = [];
  const rowOf: number[] = [];
  const used = new Map<string, GameForMoney>();
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
    const day = currentMarketDay(game.times, input.now, input.tz);
    const windowError = checkBidWindow({
      game: game.times,
      gameType: parsed.gameType,
      session: parsed.session,
      now: input.now,
      tz: input.tz,
      declared: declaredParts(await dayResult(db, game.id, day)),
    });
    if (windowError) {
      fail(i, input.family === 'main' ? 'session' : 'game', windowError);
      continue;
    }
    if (row.bidDate !== undefined && row.bidDate !== null && row.bidDate !== day) {
      fail(i, 'bidDate', BID_DATE_MISMATCH);
      continue;
    }
    // The rate the bid keeps: the one the player was shown (the statement refuses it if it is no
    // longer in force), else the table's as this process holds it (re-checked the same way).
    const shown = shownRate(row.rate);
    if (shown === 'invalid') {
      fail(i, 'rate', INVALID_BID_ROW);
      continue;
    }
    const rate = shown ?? placeRate(parsed.atom, rates);
    if (!rate) {
      fail(i, 'gameType', RATE_NOT_SET);
      continue;
    }
    const wholeDay = BET_TYPES[parsed.gameType].sessionKind === 'whole-day';
    const cut = bidCutOff(game.times, parsed.gameType, parsed.session, day, input.tz);
    used.set(game.id, game);
    rowOf.push(i);
    bids.push({
      id: randomUUID(),
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
      ratePoint: rate.point,
      rateAmount: rate.amount,
      rateKey: rateKeyFor(parsed.atom),
      rateShown: shown !== null,
      deadline: cut.at,
      closeOnly: cut.closeOnly,
    });
  }
  const firstError = Object.values(errors)[0];
  if (firstError !== undefined) throw unprocessable(firstError, errors);
  return {
    bids,
    rowOf,
    games: [...used.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
    pending: bids.map((b) => pendingBidRow(b, input.userId, used.get(b.gameId)?.gameName ?? '')),
  };
}

function place(
  db: Db,
  input: PlaceInput,
  judged: Judged,
  key: string | null,
  hash: string | null,
): Promise<PlaceOutcome> {
  const requestId = randomUUID();
  const names = [...new Set(judged.games.map((g) => g.gameName))];
  const count = judged.bids.length;
  return bidCombiner(db).place({
    userId: input.userId,
    key,
    hash,
    requestId,
    totalPaise: judged.bids.reduce((sum, b) => sum + b.amountPaise, 0),
    description: ledgerText.bidPlaced(names, count),
    games: judged.games.map((g) => ({ id: g.id, version: g.version })),
    bids: judged.bids,
    // Stored for the key by the statement, which fills in the balance and createdAt it writes.
    answer: key === null ? null : placedAnswer(judged.pending, 0, new Date(0).toISOString()),
    now: input.databaseClock ? null : input.now,
    tz: input.tz,
  });
}
