import type { Queryable } from '../types';

/** The outbox provider's row: stored as the delivery itself (a developer reads the code there). */
export async function insertStoredSms(
  q: Queryable,
  m: { phone: string; purpose: string | null; text: string },
): Promise<void> {
  await q.query(
    'INSERT INTO sms_outbox (phone, purpose, text, provider, status) VALUES ($1, $2, $3, $4, $5)',
    [m.phone, m.purpose, m.text, 'outbox', 'stored'],
  );
}

/**
 * The http provider's row: pending, due now, given up after ttlSeconds; `text` is the copy with the
 * code masked, `sealedText` the real text sealed for the SMS worker.
 */
export async function insertPendingSms(
  q: Queryable,
  m: { phone: string; purpose: string | null; text: string; sealedText: string; ttlSeconds: number },
): Promise<void> {
  await q.query(
    `INSERT INTO sms_outbox (phone, purpose, text, provider, status, sealed_text, next_attempt_at, give_up_at)
     VALUES ($1, $2, $3, 'http', 'pending', $4, now(), now() + make_interval(secs => $5))`,
    [m.phone, m.purpose, m.text, m.sealedText, m.ttlSeconds],
  );
}

export interface ClaimedSms {
  id: string;
  phone: string;
  sealed_text: string;
  attempts: number;
}

/**
 * Claims up to `batch` due messages for `workerId` in one autocommit statement (FOR UPDATE SKIP
 * LOCKED: processes never share a message) and counts the attempt; a claim older than
 * `leaseSeconds` is taken over.
 */
export async function claimDueSms(
  q: Queryable,
  workerId: string,
  batch: number,
  leaseSeconds: number,
): Promise<ClaimedSms[]> {
  const claimed = await q.query<ClaimedSms>(
    `UPDATE sms_outbox SET claimed_at = now(), claimed_by = $1, attempts = attempts + 1
      WHERE id IN (SELECT id FROM sms_outbox
                    WHERE status = 'pending' AND next_attempt_at <= now()
                      AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => $3))
                    ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id, phone, sealed_text, attempts`,
    [workerId, batch, leaseSeconds],
  );
  return claimed.rows;
}

/** Marks a message sent and drops its sealed text, only if the claim is still `workerId`'s. */
export async function markSmsSent(q: Queryable, id: string, workerId: string): Promise<void> {
  await q.query(
    `UPDATE sms_outbox SET status = 'sent', sent_at = now(), sealed_text = NULL, error = NULL, claimed_at = NULL
            WHERE id = $1 AND claimed_by = $2`,
    [id, workerId],
  );
}

/**
 * Records a failed send (only if the claim is still `workerId`'s): retried after `retryInSeconds`,
 * or 'failed' with the sealed text dropped once `maxAttempts` or give_up_at is reached. Answers the
 * new status, or null when the claim was lost.
 */
export async function recordSmsFailure(
  q: Queryable,
  p: { id: string; workerId: string; error: string; maxAttempts: number; retryInSeconds: number },
): Promise<string | null> {
  const r = await q.query<{ status: string }>(
    `UPDATE sms_outbox
            SET error = $3, claimed_at = NULL,
                status = CASE WHEN attempts >= $4 OR now() + make_interval(secs => $5) >= give_up_at
                              THEN 'failed' ELSE 'pending' END,
                sealed_text = CASE WHEN attempts >= $4 OR now() + make_interval(secs => $5) >= give_up_at
                                   THEN NULL ELSE sealed_text END,
                next_attempt_at = now() + make_interval(secs => $5)
          WHERE id = $1 AND claimed_by = $2
          RETURNING status`,
    [p.id, p.workerId, p.error, p.maxAttempts, p.retryInSeconds],
  );
  return r.rows[0]?.status ?? null;
}

export interface OutboxRow {
  id: string;
  phone: string;
  purpose: string | null;
  text: string;
  created_at: Date;
}

/** The latest messages of the outbox, newest first, all or one phone's. */
export async function listOutbox(
  q: Queryable,
  phone: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = phone ? 'WHERE phone = $1' : '';
  const params = phone ? [phone] : [];
  const total = await q.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM sms_outbox ${where}`, params);
  const rows = await q.query<OutboxRow>(
    `SELECT id, phone, purpose, text, created_at FROM sms_outbox ${where}
          ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
