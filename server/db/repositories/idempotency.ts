import type { Queryable } from '../types';

export interface IdempotencyRow {
  request_hash: string;
  state: 'in_progress' | 'done';
  status_code: number | null;
  response: unknown;
}

/**
 * Claims (user, key) by inserting first: of two concurrent requests exactly one gets the row.
 * Expired answers (24 h) and claims abandoned by a crashed process (in progress for 2 minutes,
 * far longer than any money transaction) are taken over in the same statement.
 */
export async function claimKey(q: Queryable, userId: string, key: string, hash: string): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, state = 'in_progress', status_code = NULL,
            response = NULL, created_at = now(), completed_at = NULL
      WHERE idempotency_keys.created_at < now() - interval '24 hours'
         OR (idempotency_keys.state = 'in_progress' AND idempotency_keys.created_at < now() - interval '2 minutes')
     RETURNING 1`,
    [userId, key, hash],
  );
  return r.rows.length > 0;
}

export async function findKey(q: Queryable, userId: string, key: string): Promise<IdempotencyRow | null> {
  const r = await q.query<IdempotencyRow>(
    'SELECT request_hash, state, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  return r.rows[0] ?? null;
}

export async function completeKey(q: Queryable, userId: string, key: string, status: number, body: unknown) {
  await q.query(
    `UPDATE idempotency_keys SET state = 'done', status_code = $3, response = $4::jsonb, completed_at = now()
      WHERE user_id = $1 AND key = $2`,
    [userId, key, status, JSON.stringify(body)],
  );
}

export async function releaseKey(q: Queryable, userId: string, key: string) {
  await q.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND state = 'in_progress'`, [
    userId,
    key,
  ]);
}

/** Housekeeping: answers older than 24 h are no longer replayed. */
export async function purgeExpiredKeys(q: Queryable): Promise<number> {
  const r = await q.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours'`);
  return r.rowCount;
}
