import type { Watchdog } from '../../../src/contracts/reports';
import { openFindings, watchdogState } from '../../db/repositories/watchdog';
import type { Queryable } from '../../db/types';

/** Open findings shown at once (the worst and oldest first); more are summed up by the metrics. */
const SHOWN = 200;

/** GET /admin/watchdog: when the last pass finished, its checks, and the open findings. */
export async function watchdogReport(q: Queryable, intervalMs: number): Promise<Watchdog> {
  const state = await watchdogState(q);
  const findings = await openFindings(q, undefined, SHOWN);
  return {
    checkedAt: state.checked_at ? state.checked_at.toISOString() : null,
    intervalMs,
    findings: findings.map((f) => ({
      _id: f.id,
      kind: f.kind,
      severity: f.severity,
      detail: f.detail,
      since: f.since.toISOString(),
      seenAt: f.seen_at.toISOString(),
      ...(f.user_id ? { userId: f.user_id } : {}),
    })),
    checks: (Array.isArray(state.checks) ? state.checks : []).map((c) => ({
      kind: c.kind,
      ok: c.ok,
      ms: c.ms,
      ...(c.error ? { error: c.error } : {}),
      ...(c.note ? { note: c.note } : {}),
    })),
  };
}
