import { BET_TYPES, GAME_TYPES } from '../../../src/domain/bet-types';
import { ALL_JODIS } from '../../../src/domain/jodis';
import { paiseToPoints } from '../../../src/domain/money';
import { ALL_PANNAS } from '../../../src/domain/pannas';
import { galiResultDisplay, mainResultDisplay, starlineResultDisplay } from '../../../src/domain/results';
import type { DeclaredResult } from '../../../src/domain/types';
import { findGame } from '../../db/repositories/bid-games';
import { findResult } from '../../db/repositories/declared-results';
import { familyRates } from '../../db/repositories/rates';
import { previewBids } from '../../db/repositories/settlement';
import type { Queryable } from '../../db/types';
import { notFound, unprocessable } from '../errors';
import { type DeclareInput, parseWrite } from './declare';
import { needsTable, type PendingBid, planOutcomes } from './plan';

/** What one candidate result would pay out against the bids pending now. */
export interface Exposure {
  result: string;
  winningBids: number;
  winners: number;
  payout: number;
}

export interface ResultPreview {
  gameName: string;
  resultDate: string;
  session: 'open' | 'close' | null;
  pendingBids: number;
  stakes: number;
  chosen: Exposure;
  /** The ten most expensive results this session could get, most expensive first. */
  mostExpensive: Exposure[];
}

/** Beyond this many pending bids the preview refuses (a declaration still settles them all). */
export const PREVIEW_MAX_BIDS = 200_000;

const SESSION_TYPES = GAME_TYPES.filter((t) => BET_TYPES[t].sessionKind === 'session');

/**
 * The exposure preview an operator sees before declaring (issue 12): for the chosen panna or jodi,
 * how many pending bids win and what they pay, and the ten most expensive possible results for the
 * session, all decided by the domain's settlement engine (the same planOutcomes a declaration
 * runs, each bid at the rate it keeps), from a plain read: nothing is locked or written.
 * Example: open panna 149 on a day with one 10-point Open single digit '4' at 10 KA 95 ->
 * chosen {winningBids: 1, winners: 1, payout: 95}.
 */
export async function previewResult(q: Queryable, input: DeclareInput): Promise<ResultPreview> {
  const game = await findGame(q, input.gameId);
  if (!game || game.family !== input.family) throw notFound('Game');
  const existing = await findResult(q, game.id, input.resultDate);
  const write = parseWrite(input, existing);
  const openOnly = write.family === 'main' && write.session === 'open';
  const bids: PendingBid[] = await previewBids(q, {
    gameId: game.id,
    day: input.resultDate,
    openOnly,
    sessionTypes: SESSION_TYPES,
    limit: PREVIEW_MAX_BIDS + 1,
  });
  if (bids.length > PREVIEW_MAX_BIDS) {
    throw unprocessable(`More than ${PREVIEW_MAX_BIDS} bids are pending: no preview for this session`);
  }
  const rates = needsTable(bids) ? await familyRates(q, game.family) : {};

  const candidate = (value: string): { declared: DeclaredResult; text: string } => {
    if (write.family === 'galidisawar') {
      return { declared: { family: 'galidisawar', jodi: value }, text: galiResultDisplay(value).text };
    }
    if (write.family === 'starline') {
      return { declared: { family: 'starline', panna: value }, text: starlineResultDisplay(value).text };
    }
    const open = write.session === 'open' ? value : (existing?.open_panna ?? null);
    const close = write.session === 'close' ? value : null;
    return {
      declared: { family: 'main', openPanna: open, closePanna: close },
      text: mainResultDisplay({ openPanna: open, closePanna: close }).text,
    };
  };
  const exposure = (value: string): Exposure => {
    const { declared, text } = candidate(value);
    const won = planOutcomes(bids, game.family, declared, rates).filter((o) => o.status === 'won');
    return {
      result: text,
      winningBids: won.length,
      winners: new Set(won.map((o) => o.userId)).size,
      payout: paiseToPoints(won.reduce((n, o) => n + o.winPaise, 0)),
    };
  };
  const chosenValue = write.family === 'galidisawar' ? write.jodi : write.panna;
  const all = write.family === 'galidisawar' ? ALL_JODIS : ALL_PANNAS;
  const mostExpensive = bids.length === 0 ? [] : all.map(exposure).filter((e) => e.payout > 0);
  mostExpensive.sort((a, b) => b.payout - a.payout || a.result.localeCompare(b.result));
  return {
    gameName: game.gameName,
    resultDate: input.resultDate,
    session: write.family === 'main' ? write.session : null,
    pendingBids: bids.length,
    stakes: paiseToPoints(bids.reduce((n, b) => n + b.amountPaise, 0)),
    chosen: exposure(chosenValue),
    mostExpensive: mostExpensive.slice(0, 10),
  };
}
