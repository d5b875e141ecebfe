import { type Family, UUID_RE } from '../../src/contracts/common';
import type { ResultQuery } from '../../src/contracts/results';
import { findGameRow } from '../db/repositories/games';
import {
  findResult,
  listResults,
  type ResultRow,
  toGaliResult,
  toMainResult,
  toStarlineResult,
} from '../db/repositories/results';
import type { Queryable } from '../db/types';
import { notFound } from './errors';

// Declared results as players and operators read them: the history behind charts and lists, and
// one result (the audit log reads it before a revert).

const PRESENT: Record<Family, (r: ResultRow) => unknown> = {
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

/** One declared result of a family, presented as the public reads show it (404 when absent). */
export async function declaredResult(q: Queryable, family: Family, id: string): Promise<unknown> {
  const row = await findResult(q, family, id);
  if (!row) throw notFound('Result');
  return PRESENT[family](row);
}
