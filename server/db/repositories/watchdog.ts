import type { Queryable } from '../types';

// The watchdog's state, findings and alert outbox (migration 018); what its checks read is in
// watchdog-checks.ts.

export interface WatchdogStateRow {
  lease_until: Date | null;
  lease_by: string | null;
  checked_at: Date | null;
  drift_after: string | null;
  ledger_since: Date | null;
  declared_since: Date | null;
  /** How each check went on the last pass, in order. */
  checks: Array<{ kind: string; ms: number; ok: boolean; error?: string; note?: string }>;
  db_now: Date;
}

/**
 * Takes the pass for `by` when no other process holds it (its lease ran out, or it finished) and
 * the last pass finished at least `gapSeconds` ago (`force` skips that). Answers the state with the
 * database's now, or null when this process must not run a pass now.
 */
export async function claimPass(
  q: Queryable,
  p: { by: string; leaseSeconds: number; gapSeconds: number; force: boolean },
): Promise<WatchdogStateRow | null> {
  const r = await q.query<WatchdogStateRow>(
    `UPDATE watchdog_state SET lease_until = now() + make_interval(secs => $2::int), lease_by = $1
      WHERE id = 1 AND (lease_until IS NULL OR lease_until < now())
        AND ($3::boolean OR checked_at IS NULL OR checked_at <= now() - make_interval(secs => $4::float8))
      RETURNING lease_until, lease_by, checked_at, drift_after, ledger_since, declared_since, checks,
                now() AS db_now`,
    [p.by, p.leaseSeconds, p.force, p.gapSeconds],
  );
  return r.rows[0] ?? null;
}

/** In the pass's closing transaction: whether `by` still holds the pass (locks the state row). */
export async function stillHolds(q: Queryable, by: string): Promise<boolean> {
  const r = await q.query<{ ok: boolean }>(
    `SELECT lease_by = $1 AND lease_until >= now() AS ok FROM watchdog_state WHERE id = 1 FOR UPDATE`,
    [by],
  );
  return r.rows[0]?.ok === true;
}

/** Ends the pass: the lease is given back and each incremental check's position kept. */
export async function finishPass(
  q: Queryable,
  p: {
    by: string;
    driftAfter: string | null;
    ledgerSince: Date | null;
    declaredSince: Date | null;
    checks: unknown[];
  },
): Promise<void> {
  await q.query(
    `UPDATE watchdog_state SET lease_until = NULL, lease_by = NULL, checked_at = now(), drift_after = $2,
            ledger_since = $3, declared_since = $4, checks = $5::jsonb
      WHERE id = 1 AND lease_by = $1`,
    [p.by, p.driftAfter, p.ledgerSince, p.declaredSince, JSON.stringify(p.checks)],
  );
}

/** Gives the lease back without a pass (the pass failed before it could finish). */
export async function releasePass(q: Queryable, by: string): Promise<void> {
  await q.query(
    `UPDATE watchdog_state SET lease_until = NULL, lease_by = NULL WHERE id = 1 AND lease_by = $1`,
    [by],
  );
}

export async function watchdogState(q: Queryable): Promise<WatchdogStateRow> {
  const r = await q.query<WatchdogStateRow>(
    `SELECT lease_until, lease_by, checked_at, drift_after, ledger_since, declared_since, checks, now() AS db_now
       FROM watchdog_state WHERE id = 1`,
  );
  return r.rows[0] as WatchdogStateRow;
}

// --- Findings -----------------------------------------------------------------------------------

export interface FindingRow {
  id: string;
  kind: string;
  key: string;
  severity: 'critical' | 'warning';
  detail: string;
  user_id: string | null;
  evidence: Record<string, unknown>;
  since: Date;
  seen_at: Date;
}

const FINDING = 'id, kind, key, severity, detail, user_id, evidence, since, seen_at';

/** Open findings, of one kind or all: the worst first, then the oldest. */
export async function openFindings(q: Queryable, kind?: string, limit = 500): Promise<FindingRow[]> {
  const r = await q.query<FindingRow>(
    `SELECT ${FINDING} FROM watchdog_findings
      WHERE cleared_at IS NULL AND ($1::text IS NULL OR kind = $1)
      ORDER BY severity = 'critical' DESC, since, key LIMIT $2`,
    [kind ?? null, limit],
  );
  return r.rows;
}

export interface NewFinding {
  key: string;
  severity: 'critical' | 'warning';
  detail: string;
  userId?: string;
  evidence?: Record<string, unknown>;
}

/**
 * One check's findings of this pass, in the pass's transaction: each is opened (its alert queued
 * when `alert`) or, still open, refreshed; every other open finding of the kind clears. Answers
 * how many were opened.
 */
export async function recordFindings(
  q: Queryable,
  kind: string,
  findings: NewFinding[],
  alert: boolean,
): Promise<number> {
  const rows = findings.map((f) => ({
    key: f.key,
    severity: f.severity,
    detail: f.detail,
    user_id: f.userId ?? null,
    evidence: f.evidence ?? {},
  }));
  const opened = await q.query<{ n: number }>(
    `WITH f AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb)
         AS f(key text, severity text, detail text, user_id uuid, evidence jsonb)),
     up AS (
       INSERT INTO watchdog_findings (kind, key, severity, detail, user_id, evidence, alert_state, alert_next_at)
       SELECT $1, f.key, f.severity, f.detail, f.user_id, f.evidence,
              CASE WHEN $3::boolean THEN 'pending' ELSE 'none' END, CASE WHEN $3::boolean THEN now() END
         FROM f
       ON CONFLICT (key) WHERE cleared_at IS NULL
       DO UPDATE SET severity = EXCLUDED.severity, detail = EXCLUDED.detail, user_id = EXCLUDED.user_id,
                     evidence = EXCLUDED.evidence, seen_at = now()
       RETURNING (xmax = 0) AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int8 AS n FROM up`,
    [kind, JSON.stringify(rows), alert],
  );
  await q.query(
    `UPDATE watchdog_findings SET cleared_at = now()
      WHERE kind = $1 AND cleared_at IS NULL AND NOT (key = ANY ($2::text[]))`,
    [kind, findings.map((f) => f.key)],
  );
  return Number(opened.rows[0]?.n ?? 0);
}

/** Open findings per kind and severity (the metrics' gauge). */
export async function openFindingCounts(
  q: Queryable,
): Promise<Array<{ kind: string; severity: string; n: number }>> {
  const r = await q.query<{ kind: string; severity: string; n: number }>(
    `SELECT kind, severity, count(*)::int8 AS n FROM watchdog_findings WHERE cleared_at IS NULL GROUP BY kind, severity`,
  );
  return r.rows;
}

// --- The alert outbox ---------------------------------------------------------------------------

export interface AlertRow extends FindingRow {
  alert_attempts: number;
}

/**
 * Up to `limit` alerts due now, claimed for `claimSeconds` (a process that dies holding them lets
 * them go again then); two processes never claim the same one (SKIP LOCKED).
 */
export async function claimAlerts(q: Queryable, limit: number, claimSeconds: number): Promise<AlertRow[]> {
  const r = await q.query<AlertRow>(
    `UPDATE watchdog_findings SET alert_next_at = now() + make_interval(secs => $2::int)
      WHERE id IN (SELECT id FROM watchdog_findings WHERE alert_state = 'pending' AND alert_next_at <= now()
                    ORDER BY alert_next_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING ${FINDING}, alert_attempts`,
    [limit, claimSeconds],
  );
  return r.rows;
}

/** The webhook took it. */
export async function alertSent(q: Queryable, id: string, attempts: number): Promise<void> {
  await q.query(
    `UPDATE watchdog_findings SET alert_state = 'sent', alerted_at = now(), alert_attempts = alert_attempts + $2,
            alert_error = NULL WHERE id = $1`,
    [id, attempts],
  );
}

/** The webhook did not take it: tried again after `retrySeconds`, or given up (null). */
export async function alertFailed(
  q: Queryable,
  id: string,
  attempts: number,
  error: string,
  retrySeconds: number | null,
): Promise<void> {
  await q.query(
    `UPDATE watchdog_findings SET alert_attempts = alert_attempts + $2, alert_error = $3,
            alert_state = CASE WHEN $4::int IS NULL THEN 'failed' ELSE 'pending' END,
            alert_next_at = CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(secs => $4::int) END
      WHERE id = $1`,
    [id, attempts, error.slice(0, 300), retrySeconds],
  );
}
