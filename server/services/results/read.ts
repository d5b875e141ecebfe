import { type Family, UUID_RE } from '../../../src/contracts/common';
import type { ResultQuery } from '../../../src/contracts/results';
import { findGameRow } from '../../db/repositories/games';
import {
  listResults,
  type ResultRow,
  toGaliResult,
  toMainResult,
  toStarlineResult,
} from '../../db/repositories/results';
import type { Queryable } from '../../db/types';
import { notFound } from '../errors';

// Declared results as players read them: the history behind charts and lists.

/** Each family's result in the wire shape the public reads answer. */
export const PRESENT: Record<Family, (r: ResultRow) => unknown> = {
  main: toMainResult,
  starline: toStarlineResult,
  galidisawar: toGaliResult,
};

/** One page of a family's results; a named game must exist and be of that family (else 404). */
export async function resultHistory(
  q: Queryable,
  family: Family,
  query: ResultQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: unknown[]; total: number }> {
  if (query.gameId) {
    const game = UUID_RE.test(query.gameId) ? await findGameRow(q, query.gameId) : null;
    if (!game || game.family !== family) throw notFound('Game');
  }
  const { rows, total } = await listResults(q, family, query, page);
  return { rows: rows.map(PRESENT[family]), total };
}
