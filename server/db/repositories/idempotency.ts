import type { Queryable } from '../types';

export interface IdempotencyRow {
  request_hash: string;
  status_code: number;
  response: unknown;
}

/** How long a stored answer is replayed (docs/api.md "Idempotency-Key": 24 h). */
const KEEP = `interval '24 hours'`;

/**
 * Takes the (user, key) lock for the rest of the caller's transaction, or answers false at once
 * when another transaction holds it. A transaction-scoped advisory lock is released by COMMIT,
 * ROLLBACK or the death of the connection, so a killed process never leaves a key stuck.
 */
export async function tryLockKey(tx: Queryable, userId: string, key: string): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(
    'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 727431002)) AS ok',
    [`${userId}\n${key}`],
  );
  return r.rows[0]?.ok === true;
}

/** The answer stored for (user, key) within the last 24 h, if any. */
export async function findKey(q: Queryable, userId: string, key: string): Promise<IdempotencyRow | null> {
  const r = await q.query<IdempotencyRow>(
    `SELECT request_hash, status_code, response FROM idempotency_keys
      WHERE user_id = $1 AND key = $2 AND created_at > now() - ${KEEP}`,
    [userId, key],
  );
  return r.rows[0] ?? null;
}

/** Stores the 2xx answer in the same transaction as the money it describes (an expired row is replaced). */
export async function saveKey(
  q: Queryable,
  row: { userId: string; key: string; hash: string; status: number; body: unknown },
): Promise<void> {
  await q.query(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, now())
     ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code,
            response = EXCLUDED.response, created_at = EXCLUDED.created_at`,
    [row.userId, row.key, row.hash, row.status, JSON.stringify(row.body)],
  );
}

/** Housekeeping: answers older than 24 h are no longer replayed. */
export async function purgeExpiredKeys(q: Queryable): Promise<number> {
  const r = await q.query(`DELETE FROM idempotency_keys WHERE created_at < now() - ${KEEP}`);
  return r.rowCount;
}
