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

/** A result as players read it: who declared it and when, but not which result sources agreed. */
function withoutSources(row: unknown): unknown {
  const { sources: _, ...rest } = row as {
    sources?: unknown;
    openPanna?: object | null;
    closePanna?: object | null;
  };
  for (const half of ['openPanna', 'closePanna'] as const) {
    const value = rest[half];
    if (value && 'sources' in value) {
      const { sources: __, ...kept } = value as { sources?: unknown };
      rest[half] = kept;
    }
  }
  return rest;
}

/**
 * One page of a family's results; a named game must exist and be of that family (else 404). The
 * names of the result sources behind a feed's declaration are for operators.
 */
export async function resultHistory(
  q: Queryable,
  family: Family,
  query: ResultQuery,
  page: { limit: number; offset: number },
  operator = false,
): Promise<{ rows: unknown[]; total: number }> {
  if (query.gameId) {
    const game = UUID_RE.test(query.gameId) ? await findGameRow(q, query.gameId) : null;
    if (!game || game.family !== family) throw notFound('Game');
  }
  const { rows, total } = await listResults(q, family, query, page);
  const present = rows.map(PRESENT[family]);
  return { rows: operator ? present : present.map(withoutSources), total };
}
