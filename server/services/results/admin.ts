import type { MoneyMode } from '../../../src/domain/money';
import type { Family } from '../../../src/domain/types';
import { findResult } from '../../db/repositories/results';
import type { Db, Queryable } from '../../db/types';
import { notFound } from '../errors';
import { type DeclareInput, declareResult } from '../settlement/declare';
import { revertResult } from '../settlement/revert';
import { rerunWinners } from '../settlement/winners';
import { PRESENT } from './read';

// The operator's result calls. Declare, revert and winners are each one transaction: settlement/*
// works inside the caller's transaction (so the scheduler and tests can compose it); these open
// that transaction for the routes. This file is operator-only (the console stays English).

/** Declares a result and settles it (201 in routes/results-admin.ts). */
export function declareAndSettle(
  db: Db,
  input: DeclareInput,
  ctx: { adminId: string | null; now: Date; tz: string; mode: MoneyMode },
) {
  return db.transaction((tx) => declareResult(tx, input, ctx));
}

/** Reverts a declared result: its bids back to pending, the winnings taken back. */
export function revertDeclared(db: Db, family: Family, resultId: string) {
  return db.transaction((tx) => revertResult(tx, family, resultId));
}

/** Re-runs settlement of a family's market day and compares the operator's list of winners. */
export function settleWinners(
  db: Db,
  family: Family,
  resultDate: string,
  supplied: unknown,
  mode: MoneyMode,
) {
  return db.transaction((tx) => rerunWinners(tx, family, resultDate, supplied, mode));
}

/** One declared result, as the public reads show it (the audit log reads it before a revert; 404 when absent). */
export async function declaredResult(q: Queryable, family: Family, id: string): Promise<unknown> {
  const row = await findResult(q, family, id);
  if (!row) throw notFound('Result');
  return PRESENT[family](row);
}
