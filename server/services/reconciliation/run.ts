import { anyStatement, lockReconciliation } from '../../db/repositories/bank-statements';
import {
  allOpenExceptions,
  closeExceptions,
  openExceptions,
  type Scope,
} from '../../db/repositories/reconciliation';
import type { Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import { type CheckInput, EXCEPTION_CHECKS } from './checks';

/**
 * A periodic run looks at the credits of this long ago onwards (late approvals, late matches), and
 * at the withdrawals approved or given their UTR since then.
 */
export const RECENT_CREDITS_MS = 3 * 24 * 3600_000;

export interface Reconciled {
  opened: number;
  closed: number;
}

/**
 * One reconciliation, inside the caller's transaction and under the reconciliation lock (the
 * caller takes it first): every check looks at the scope plus every open exception, what it finds
 * for the first time is opened (once per key, ever), and an open one its check no longer finds is
 * closed when the check says what settles it (a later statement, a credit).
 */
export async function reconcile(
  tx: Queryable,
  input: {
    scope: Omit<Scope, 'fundIds' | 'rowIds' | 'withdrawalIds'>;
    upload: CheckInput['upload'];
    statementId: string | null;
    now: Date;
  },
): Promise<Reconciled> {
  const open = await allOpenExceptions(tx);
  const scope: Scope = {
    ...input.scope,
    fundIds: open.flatMap((e) => (e.fund_request_id ? [e.fund_request_id] : [])),
    rowIds: open.flatMap((e) => (e.statement_row_id ? [e.statement_row_id] : [])),
    withdrawalIds: open.flatMap((e) => (e.withdrawal_id ? [e.withdrawal_id] : [])),
  };
  const done: Reconciled = { opened: 0, closed: 0 };
  for (const check of EXCEPTION_CHECKS) {
    const found = await check.find({ q: tx, scope, upload: input.upload });
    done.opened += await openExceptions(tx, found, input.now, input.statementId);
    if (!check.settledBy) continue;
    const still = new Set(found.map((f) => f.key));
    const settled = open.filter((e) => e.kind === check.kind && !still.has(e.key)).map((e) => e.id);
    done.closed += await closeExceptions(tx, settled, check.settledBy.by, check.settledBy.note, input.now);
  }
  return done;
}

/**
 * The periodic re-check (worker.ts), once a statement was ever uploaded: the credits of the last
 * RECENT_CREDITS_MS (one approved late, for a day the statements already cover), the payouts
 * approved or given their UTR in that time (a UTR added days after the payout, for days the
 * statements already cover) and every open exception (a player who waited is credited now: the
 * exception closes).
 */
export async function recheck(deps: Pick<Deps, 'db' | 'env' | 'clock'>): Promise<Reconciled> {
  const { db, env, clock } = deps;
  // A server whose owners never uploaded a statement takes no lock and no transaction each minute.
  if (!(await anyStatement(db))) return { opened: 0, closed: 0 };
  const now = await clock.now();
  return db.transaction(async (tx) => {
    await lockReconciliation(tx);
    return reconcile(tx, {
      scope: { since: new Date(now.getTime() - RECENT_CREDITS_MS), from: null, to: null, tz: env.MARKET_TZ },
      upload: null,
      statementId: null,
      now,
    });
  });
}
