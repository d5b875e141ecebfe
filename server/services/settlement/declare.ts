import { resultLink } from '../../../src/contracts/notifications';
import { isIsoDate } from '../../../src/domain/bid-validation';
import { isJodi } from '../../../src/domain/jodis';
import { VALID_JODI, VALID_PANNA } from '../../../src/domain/messages';
import type { MoneyMode } from '../../../src/domain/money';
import { canonicalPanna } from '../../../src/domain/pannas';
import {
  deriveAnk,
  galiResultDisplay,
  mainResultDisplay,
  starlineResultDisplay,
} from '../../../src/domain/results';
import type { Family } from '../../../src/domain/types';
import { currentMarketDay } from '../../../src/domain/windows';
import { findGame, type GameForMoney } from '../../db/repositories/bid-games';
import {
  lockResult,
  type ResultRow,
  type ResultWrite,
  writeResult,
} from '../../db/repositories/declared-results';
import type { Queryable } from '../../db/types';
import { badRequest, conflict, notFound, unprocessable } from '../errors';
import { recordDeclared } from '../live/result-events';
import { enqueuePush } from '../push/queue';
import { type SettlementSummary, settleResult } from './settle';

export interface DeclareInput {
  family: Family;
  gameId: string;
  resultDate: string;
  session?: 'open' | 'close';
  panna?: string;
  jodi?: string;
}

export const OPEN_FIRST = 'Declare the open result first';
export const ALREADY_DECLARED = 'Result already declared for this session';
export const FUTURE_DATE = 'Result date cannot be after the current market day';

/**
 * Declares a result and settles it in the caller's transaction. The game row is locked FOR UPDATE
 * first: bids in flight hold it FOR SHARE, so the declaration waits for them (and sees them), and
 * bids arriving later see the result and are refused. Close only after open; a session twice is 409.
 */
export async function declareResult(
  tx: Queryable,
  input: DeclareInput,
  ctx: { adminId: string | null; now: Date; tz: string; mode: MoneyMode },
): Promise<{ game: GameForMoney; result: ResultRow; settlement: SettlementSummary }> {
  if (!isIsoDate(input.resultDate))
    throw badRequest('Please enter a valid result date', { resultDate: 'Use YYYY-MM-DD' });
  const game = await findGame(tx, input.gameId, 'FOR UPDATE');
  if (!game || game.family !== input.family) throw notFound('Game');
  if (input.resultDate > currentMarketDay(game.times, ctx.now, ctx.tz)) {
    throw unprocessable(FUTURE_DATE, { resultDate: FUTURE_DATE });
  }
  const existing = await lockResult(tx, game.id, input.resultDate);
  const write = parseWrite(input, existing);
  const result = await writeResult(tx, game.id, input.resultDate, write, ctx.adminId);
  const scope = write.family === 'main' && write.session === 'open' ? 'open' : 'all';
  const settlement = await settleResult(tx, game, result, scope, ctx.mode);
  // One row for the market's whole audience: who takes every result or follows this market.
  await enqueuePush(tx, {
    userId: null,
    gameId: game.id,
    topic: 'result',
    title: `${game.gameName} result`,
    body: `${game.gameName}: ${display(result)}`,
    link: resultLink(game.family, game.gameName),
    dedupeKey: `result:${result.id}:${scope}`,
  });
  await recordDeclared(tx, game, result, write);
  return { game, result, settlement };
}

function display(r: ResultRow): string {
  if (r.family === 'main')
    return mainResultDisplay({ openPanna: r.open_panna, closePanna: r.close_panna }).text;
  if (r.family === 'starline') return starlineResultDisplay(r.panna).text;
  return galiResultDisplay(r.jodi).text;
}

function panna(value: string | undefined): { panna: string; digit: string } {
  const p = typeof value === 'string' ? canonicalPanna(value.trim()) : null;
  if (!p) throw badRequest(VALID_PANNA, { panna: VALID_PANNA });
  return { panna: p, digit: deriveAnk(p) };
}

/** Checks a declaration against what is declared already and answers what it would write. */
export function parseWrite(input: DeclareInput, existing: ResultRow | null): ResultWrite {
  if (input.family === 'galidisawar') {
    if (existing?.jodi) throw conflict(ALREADY_DECLARED);
    const jodi = typeof input.jodi === 'string' ? input.jodi.trim() : '';
    if (!isJodi(jodi)) throw badRequest(VALID_JODI, { jodi: VALID_JODI });
    return { family: 'galidisawar', jodi };
  }
  if (input.family === 'starline') {
    if (existing?.panna) throw conflict(ALREADY_DECLARED);
    return { family: 'starline', ...panna(input.panna) };
  }
  if (input.session !== 'open' && input.session !== 'close') {
    throw badRequest('Please select a session', { session: "Use 'open' or 'close'" });
  }
  if (input.session === 'open') {
    if (existing?.open_panna) throw conflict(ALREADY_DECLARED);
    return { family: 'main', session: 'open', ...panna(input.panna) };
  }
  if (existing?.close_panna) throw conflict(ALREADY_DECLARED);
  if (!existing?.open_panna) throw unprocessable(OPEN_FIRST, { session: OPEN_FIRST });
  return { family: 'main', session: 'close', ...panna(input.panna) };
}
