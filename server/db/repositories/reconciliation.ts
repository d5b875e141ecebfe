import type { Queryable } from '../types';

// What the reconciliation of bank statements with credited UPI fund requests reads and writes
// (migration 024; server/services/reconciliation).

/**
 * What one reconciliation looks at: the UPI credits made since `since` (and those named), and the
 * statement credit lines of `from`..`to` (and those named), with the credits their UTRs name.
 */
export interface Scope {
  since: Date;
  from: string | null;
  to: string | null;
  fundIds: string[];
  rowIds: string[];
  /** Paid withdrawals named besides (payout-reconciliation.ts). */
  withdrawalIds: string[];
  /** The market's zone: a credit's day is its day there. */
  tz: string;
}

/** A UPI fund request credited, with how and when it was paid. */
export interface CreditRow {
  fund_id: string;
  order_id: string;
  utr: string | null;
  amount_paise: number;
  /** When the payment was reported: the bank message, else the player's UTR, else the credit. */
  paid_at: Date;
  /** paid_at's market day. */
  day: string;
  notification_id: string | null;
  /** The operator who matched the message (null: the message credited by itself). */
  matched_by: string | null;
  player_name: string | null;
  player_phone: string;
}

const SCOPE_CTES = `
  scope_rows AS (
    SELECT r.* FROM bank_statement_rows r
     WHERE r.credit_paise > 0
       AND ((r.txn_date BETWEEN $2::date AND $3::date) OR r.id = ANY($5::uuid[]))),
  fund_ids AS (
    SELECT l.ref_id::uuid AS id FROM ledger l WHERE l.kind = 'fund' AND l.created_at >= $1
    UNION SELECT unnest($4::uuid[])
    UNION SELECT o.fund_request_id FROM payment_orders o JOIN scope_rows r ON r.utr = o.utr),
  credited AS (
    SELECT f.id AS fund_id, o.order_id, o.utr, l.amount_paise, n.id AS notification_id, n.matched_by,
           coalesce(n.received_at, o.utr_at, l.created_at) AS paid_at,
           to_char(coalesce(n.received_at, o.utr_at, l.created_at) AT TIME ZONE $6, 'YYYY-MM-DD') AS day,
           u.name AS player_name, u.phone AS player_phone
      FROM fund_ids i
      JOIN fund_requests f ON f.id = i.id AND f.status = 'success'
      JOIN payment_orders o ON o.fund_request_id = f.id AND o.provider = 'upi'
      JOIN ledger l ON l.kind = 'fund' AND l.ref_id = f.id::text
      JOIN users u ON u.id = f.user_id
      LEFT JOIN LATERAL (
        SELECT pn.id, pn.received_at, pn.matched_by FROM payment_notifications pn
         WHERE pn.fund_request_id = f.id AND pn.outcome = 'matched' ORDER BY pn.received_at LIMIT 1) n ON true)`;

const params = (s: Scope) => [s.since, s.from, s.to, s.fundIds, s.rowIds, s.tz];

/**
 * SQL: a statement covers the day `day` (a 'YYYY-MM-DD' expression) and one covers the day after
 * (a payment late in the evening may be booked the next morning): what is of that day is judged.
 */
export const coveredWithNextDay = (day: string) => `
  EXISTS (SELECT 1 FROM bank_statements b WHERE b.covers_from <= ${day}::date AND b.covers_to >= ${day}::date)
  AND EXISTS (SELECT 1 FROM bank_statements b
               WHERE b.covers_from <= ${day}::date + 1 AND b.covers_to >= ${day}::date + 1)`;

/**
 * Credits of the scope that a statement should show by now and none does: a statement covers
 * their day and one covers the day after (a payment late in the evening may be booked the next
 * morning), and no statement credit line has their UTR (or they have none).
 */
export async function creditsMissingFromStatements(q: Queryable, s: Scope): Promise<CreditRow[]> {
  const r = await q.query<CreditRow>(
    `WITH ${SCOPE_CTES}
     SELECT c.* FROM credited c
      WHERE ${coveredWithNextDay('c.day')}
        AND (c.utr IS NULL OR NOT EXISTS (
              SELECT 1 FROM bank_statement_rows r WHERE r.utr = c.utr AND r.credit_paise > 0))
      ORDER BY c.paid_at, c.fund_id`,
    params(s),
  );
  return r.rows;
}

/** A statement credit line. */
export interface LineRow {
  row_id: string;
  bank: string;
  txn_date: string;
  narration: string;
  utr: string | null;
  line_paise: number;
}

/** Credits of the scope whose UTR a statement shows with another amount. */
export async function amountMismatches(q: Queryable, s: Scope): Promise<Array<CreditRow & LineRow>> {
  const r = await q.query<CreditRow & LineRow>(
    `WITH ${SCOPE_CTES}
     SELECT c.*, r.id AS row_id, r.bank, r.txn_date, r.narration, r.credit_paise AS line_paise
       FROM credited c JOIN bank_statement_rows r ON r.utr = c.utr AND r.credit_paise > 0
      WHERE r.credit_paise <> c.amount_paise
      ORDER BY r.txn_date, r.id`,
    params(s),
  );
  return r.rows;
}

/** A statement's UPI credit nobody was credited with, and what may be waiting for it. */
export interface UncreditedRow extends LineRow {
  /** A message with its UTR that waits in the Payments inbox. */
  notification_id: string | null;
  /** A pending request whose player typed its UTR. */
  fund_id: string | null;
  player_name: string | null;
  player_phone: string | null;
  /** The paid withdrawal whose payout UTR this is: the payout came back (a reversal). */
  payout_id: string | null;
  payout_paise: number | null;
  payout_name: string | null;
  payout_phone: string | null;
}

/** UPI credit lines of the scope that no fund request was credited with. */
export async function uncreditedLines(q: Queryable, s: Scope): Promise<UncreditedRow[]> {
  const r = await q.query<UncreditedRow>(
    `WITH ${SCOPE_CTES}
     SELECT r.id AS row_id, r.bank, r.txn_date, r.narration, r.utr, r.credit_paise AS line_paise,
            (SELECT pn.id FROM payment_notifications pn WHERE pn.utr = r.utr AND pn.outcome = 'unmatched'
              ORDER BY pn.received_at LIMIT 1) AS notification_id,
            w.fund_request_id AS fund_id, u.name AS player_name, u.phone AS player_phone,
            pw.id AS payout_id, pw.amount_paise AS payout_paise, pu.name AS payout_name, pu.phone AS payout_phone
       FROM scope_rows r
       LEFT JOIN payment_orders w ON w.utr = r.utr
       LEFT JOIN users u ON u.id = w.user_id
       LEFT JOIN withdrawals pw ON pw.payout_utr = r.utr AND pw.status = 'approved'
       LEFT JOIN users pu ON pu.id = pw.user_id
      WHERE r.upi
        AND NOT EXISTS (SELECT 1 FROM payment_orders o JOIN fund_requests f ON f.id = o.fund_request_id
                         WHERE o.utr = r.utr AND f.status = 'success')
      ORDER BY r.txn_date, r.id`,
    params(s),
  );
  return r.rows;
}

// --- The exceptions ------------------------------------------------------------------------------

export interface ExceptionRow {
  id: string;
  key: string;
  kind: string;
  amount_paise: number;
  utr: string | null;
  fund_request_id: string | null;
  withdrawal_id: string | null;
  notification_id: string | null;
  statement_row_id: string | null;
  detail: string;
  day: string;
  since: Date;
  status: 'open' | 'resolved';
  resolved_at: Date | null;
  resolved_by: string | null;
  resolved_by_name: string | null;
  note: string | null;
  closed_by: 'owner' | 'statement' | 'credit' | null;
}

const EXCEPTION = `e.id, e.key, e.kind, e.amount_paise, e.utr, e.fund_request_id, e.withdrawal_id, e.notification_id,
  e.statement_row_id,
  e.detail, to_char(e.day, 'YYYY-MM-DD') AS day, e.since, e.status, e.resolved_at, e.resolved_by,
  a.username AS resolved_by_name, e.note, e.closed_by`;
const FROM_EXCEPTIONS = 'reconciliation_exceptions e LEFT JOIN admins a ON a.id = e.resolved_by';

export interface NewException {
  key: string;
  kind: string;
  amountPaise: number;
  utr: string | null;
  fundId: string | null;
  /** A paid withdrawal's (migration 031); a deposit's names `fundId` instead. */
  withdrawalId?: string | null;
  notificationId: string | null;
  rowId: string | null;
  detail: string;
  day: string;
}

/** Opens the exceptions not seen before (one per key, ever); answers how many were new. */
export async function openExceptions(
  q: Queryable,
  found: NewException[],
  at: Date,
  statementId: string | null,
): Promise<number> {
  if (found.length === 0) return 0;
  const r = await q.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO reconciliation_exceptions (key, kind, amount_paise, utr, fund_request_id, withdrawal_id,
                                              notification_id, statement_row_id, statement_id, detail, day, since)
       SELECT f."key", f.kind, f."amountPaise", f.utr, f."fundId", f."withdrawalId", f."notificationId", f."rowId", $3,
              f.detail, f.day::date, $2
         FROM jsonb_to_recordset($1::jsonb) AS f("key" text, kind text, "amountPaise" int8, utr text, "fundId" uuid,
                                                 "withdrawalId" uuid, "notificationId" uuid, "rowId" uuid, detail text,
                                                 day text)
       ON CONFLICT (key) DO NOTHING RETURNING 1)
     SELECT count(*)::int8 AS n FROM ins`,
    [JSON.stringify(found), at, statementId],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Closes open exceptions by themselves: what settled them (a statement, a credit) and why. */
export async function closeExceptions(
  q: Queryable,
  ids: string[],
  by: 'statement' | 'credit',
  note: string,
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await q.query(
    `UPDATE reconciliation_exceptions SET status = 'resolved', resolved_at = $2, closed_by = $3, note = $4
      WHERE id = ANY($1::uuid[]) AND status = 'open' RETURNING 1`,
    [ids, at, by, note],
  );
  return r.rows.length;
}

/** Every open exception (what each reconciliation looks at again). */
export async function allOpenExceptions(q: Queryable): Promise<ExceptionRow[]> {
  const r = await q.query<ExceptionRow>(
    `SELECT ${EXCEPTION} FROM ${FROM_EXCEPTIONS} WHERE e.status = 'open' ORDER BY e.since, e.key`,
  );
  return r.rows;
}

/** Open ones oldest first; resolved ones newest first. */
export async function listExceptions(
  q: Queryable,
  status: 'open' | 'resolved',
  limit: number,
  offset: number,
) {
  const r = await q.query<ExceptionRow & { total: number }>(
    `SELECT ${EXCEPTION}, count(*) OVER ()::int8 AS total FROM ${FROM_EXCEPTIONS} WHERE e.status = $1
      ORDER BY CASE WHEN $1 = 'open' THEN e.since END, e.resolved_at DESC, e.key LIMIT $2 OFFSET $3`,
    [status, limit, offset],
  );
  return { rows: r.rows, total: Number(r.rows[0]?.total ?? 0) };
}

export async function findException(q: Queryable, id: string, lock = false): Promise<ExceptionRow | null> {
  const r = await q.query<ExceptionRow>(
    `SELECT ${EXCEPTION} FROM ${FROM_EXCEPTIONS} WHERE e.id = $1${lock ? ' FOR UPDATE OF e' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** An owner closes an open one with a note; false when it was no longer open. */
export async function resolveException(q: Queryable, id: string, adminId: string, note: string, at: Date) {
  const r = await q.query(
    `UPDATE reconciliation_exceptions SET status = 'resolved', resolved_at = $4, resolved_by = $2, note = $3,
            closed_by = 'owner'
      WHERE id = $1 AND status = 'open' RETURNING 1`,
    [id, adminId, note, at],
  );
  return r.rows.length > 0;
}

/** The exceptions about a market day, or opened on it (the daily reconciliation report). */
export async function exceptionsOfDay(q: Queryable, date: string, tz: string): Promise<ExceptionRow[]> {
  const r = await q.query<ExceptionRow>(
    `SELECT ${EXCEPTION} FROM ${FROM_EXCEPTIONS}
      WHERE e.day = $1::date OR (e.since AT TIME ZONE $2)::date = $1::date
      ORDER BY e.status, e.since, e.key`,
    [date, tz],
  );
  return r.rows;
}

/** Open exceptions for the watchdog: how many, and the oldest first up to `limit`. */
export async function openExceptionsForWatchdog(q: Queryable, limit: number) {
  const r = await q.query<ExceptionRow & { total: number }>(
    `SELECT ${EXCEPTION}, count(*) OVER ()::int8 AS total FROM ${FROM_EXCEPTIONS}
      WHERE e.status = 'open' ORDER BY e.since, e.key LIMIT $1`,
    [limit],
  );
  return { rows: r.rows, total: Number(r.rows[0]?.total ?? 0) };
}
