import type { Family } from '../../src/domain/types';
import type { Db } from '../db/types';
import { type DeclareInput, declareResult } from './settlement/declare';
import { revertResult } from './settlement/revert';
import { rerunWinners } from './settlement/winners';

// The operator's result calls, each one transaction: settlement/* works inside the caller's
// transaction (so the scheduler and tests can compose it); these open that transaction for the routes.

/** Declares a result and settles it (201 in routes/results-admin.ts). */
export function declareAndSettle(
  db: Db,
  input: DeclareInput,
  ctx: { adminId: string | null; now: Date; tz: string },
) {
  return db.transaction((tx) => declareResult(tx, input, ctx));
}

/** Reverts a declared result: its bids back to pending, the winnings taken back. */
export function revertDeclared(db: Db, family: Family, resultId: string) {
  return db.transaction((tx) => revertResult(tx, family, resultId));
}

/** Re-runs settlement of a family's market day and compares the operator's list of winners. */
export function settleWinners(db: Db, family: Family, resultDate: string, supplied: unknown) {
  return db.transaction((tx) => rerunWinners(tx, family, resultDate, supplied));
}
