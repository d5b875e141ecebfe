import type { ResultEvent } from '../../../src/contracts/events';
import type { Family } from '../../../src/domain/types';
import type { ResultRow, ResultWrite } from '../../db/repositories/declared-results';
import { insertResultEvent } from '../../db/repositories/result-events';
import type { Queryable } from '../../db/types';

/**
 * The `result` event of one declaration: what was declared, for the market's day. A main close
 * also carries the day's jodi (open digit then close digit).
 * @example declaredEvent({id: 'g', gameName: 'KALYAN', family: 'main'}, row, {family: 'main', session: 'open', panna: '128', digit: '1'})
 *   // {family: 'main', gameId: 'g', gameName: 'KALYAN', resultDate: row.result_date, session: 'open', panna: '128', digit: '1'}
 */
export function declaredEvent(
  game: { id: string; gameName: string; family: Family },
  result: Pick<ResultRow, 'result_date' | 'open_digit'>,
  write: ResultWrite,
): ResultEvent {
  const base = {
    family: game.family,
    gameId: game.id,
    gameName: game.gameName,
    resultDate: result.result_date,
  };
  if (write.family === 'galidisawar') return { ...base, session: null, jodi: write.jodi };
  if (write.family === 'starline') return { ...base, session: null, panna: write.panna, digit: write.digit };
  if (write.session === 'open') return { ...base, session: 'open', panna: write.panna, digit: write.digit };
  return {
    ...base,
    session: 'close',
    panna: write.panna,
    digit: write.digit,
    jodi: `${result.open_digit ?? ''}${write.digit}`,
  };
}

/** Records a declaration's event in its transaction (the stream sends it once that commits). */
export async function recordDeclared(
  tx: Queryable,
  game: { id: string; gameName: string; family: Family },
  result: ResultRow,
  write: ResultWrite,
): Promise<void> {
  const payload = declaredEvent(game, result, write);
  await insertResultEvent(tx, {
    kind: 'result',
    family: game.family,
    gameId: game.id,
    resultDate: result.result_date,
    payload,
  });
}

/** Records a revert's event: the market's whole day is taken back (session null). */
export async function recordReverted(
  tx: Queryable,
  game: { id: string; gameName: string; family: Family },
  resultDate: string,
): Promise<void> {
  const payload: ResultEvent = {
    family: game.family,
    gameId: game.id,
    gameName: game.gameName,
    resultDate,
    session: null,
  };
  await insertResultEvent(tx, { kind: 'revert', family: game.family, gameId: game.id, resultDate, payload });
}
