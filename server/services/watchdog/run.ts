import { randomBytes } from 'node:crypto';
import {
  claimPass,
  finishPass,
  openFindings,
  recordFindings,
  releasePass,
  stillHolds,
} from '../../db/repositories/watchdog';
import type { Deps } from '../../deps';
import { deliverAlerts } from './alerts';
import { CHECKS, type CheckOutcome, type StatePatch, type WatchdogCheck } from './checks';

/**
 * How long a pass may hold the watchdog before another process may take it over (its holder
 * died): each check is a few statements under DB_STATEMENT_TIMEOUT_MS, so a pass ends well within.
 */
export const LEASE_SECONDS = 600;

/** Names this app instance's passes (a process may hold several in tests). */
const INSTANCE = randomBytes(4).toString('hex');

export interface PassResult {
  /** false: another process holds the pass, or the last one finished less than an interval ago. */
  ran: boolean;
  opened: number;
  /** Each check of the pass, in order. */
  checks: Array<{ kind: string; ok: boolean; ms: number; error?: string; note?: string }>;
}

/**
 * One watchdog pass, at most one at a time across every process: the pass is claimed with a lease
 * on watchdog_state (and only when the last one finished at least 0.8 intervals ago, so N
 * processes together run one pass an interval); each check reads what is wrong now; the findings
 * are written in one transaction that first checks the lease is still this pass's; after it
 * commits, the new findings' alerts are sent. A check that fails leaves its findings as they were.
 */
export async function runWatchdogPass(
  deps: Deps,
  options: {
    force?: boolean;
    checks?: readonly WatchdogCheck[];
    by?: string;
    /** Until this instant (Date.now()) the process is starting: see CheckContext.warmingUp. */
    warmUpUntil?: number;
  } = {},
): Promise<PassResult> {
  const { db, env, clock, logger } = deps;
  const by = options.by ?? `pid-${process.pid}-${INSTANCE}`;
  const now = await clock.now();
  const state = await claimPass(db, {
    by,
    leaseSeconds: LEASE_SECONDS,
    gapSeconds: (env.WATCHDOG_INTERVAL_MS * 0.8) / 1000,
    force: options.force === true,
  });
  if (!state) return { ran: false, opened: 0, checks: [] };
  const dbNow = new Date(state.db_now);
  const checks: PassResult['checks'] = [];
  const done: Array<{ check: WatchdogCheck; outcome: CheckOutcome }> = [];
  let opened: Record<string, number> | null;
  try {
    for (const check of options.checks ?? CHECKS) {
      const started = performance.now();
      try {
        const open = await openFindings(db, check.kind);
        const warmingUp = Date.now() < (options.warmUpUntil ?? 0);
        const outcome = await check.run({ db, env, now, dbNow, state, open, warmingUp });
        if (!outcome.skipped) done.push({ check, outcome });
        checks.push({
          kind: check.kind,
          ok: true,
          ms: Math.round(performance.now() - started),
          ...(outcome.skipped ? { note: 'not judged while the server is starting' } : {}),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        checks.push({
          kind: check.kind,
          ok: false,
          ms: Math.round(performance.now() - started),
          error: message.slice(0, 200),
        });
        logger.error('watchdog check failed', { kind: check.kind, error: message });
      }
    }
    const patch: StatePatch = Object.assign({}, ...done.map((d) => d.outcome.state ?? {}));
    const alert = env.ALERT_WEBHOOK_URL !== undefined;
    opened = await db.transaction(async (tx) => {
      if (!(await stillHolds(tx, by))) return null;
      const n: Record<string, number> = {};
      for (const { check, outcome } of done) {
        const findings = outcome.findings.map((f) => ({ ...f, severity: check.severity }));
        n[check.kind] = await recordFindings(tx, check.kind, findings, alert);
      }
      await finishPass(tx, {
        by,
        driftAfter: 'driftAfter' in patch ? (patch.driftAfter ?? null) : state.drift_after,
        ledgerSince: patch.ledgerSince ?? state.ledger_since,
        declaredSince: patch.declaredSince ?? state.declared_since,
        checks,
      });
      return n;
    });
  } catch (error) {
    await releasePass(db, by).catch(() => undefined);
    throw error;
  }
  if (opened === null) {
    logger.warn('watchdog pass outlived its lease; its findings were not written', { by });
    return { ran: false, opened: 0, checks };
  }
  let total = 0;
  for (const { check, outcome } of done) {
    const n = opened[check.kind] ?? 0;
    total += n;
    if (n > 0)
      logger.warn('watchdog: new findings', {
        kind: check.kind,
        opened: n,
        open: outcome.findings.length,
        first: outcome.findings[0]?.detail,
      });
  }
  // After the commit: a webhook that hangs never holds a transaction (or the lease) open.
  await deliverAlerts(deps);
  return { ran: true, opened: total, checks };
}
