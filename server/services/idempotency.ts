import { findKey, saveKey, tryLockKey } from '../db/repositories/idempotency';
import type { Db, Queryable } from '../db/types';
import { badRequest, conflict, unprocessable } from './errors';
import { parseIdempotencyKey, requestHash } from './idempotency-hash';

export type MoneyAnswer = { status: 200 | 201; body: unknown };

export const KEY_IN_FLIGHT = 'This request is still being processed. Please wait.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/**
 * Runs a money call at most once per (player, Idempotency-Key) (docs/api.md "Bids"), in ONE transaction:
 * take the key's lock (busy: 409 at once), replay a stored answer (same body) or refuse another
 * body (422), else run `fn` and store its answer beside the money it moved, so both commit together.
 * - Only success is stored: a refusal (422 insufficient balance, market closed...) rolls back and
 *   leaves nothing, so the player who fixes the cause may retry with the same key.
 * - A process killed mid-call rolls its transaction back and PostgreSQL drops the lock with the
 *   connection: the key is usable again at once, never stuck "in progress".
 * - No key: just runs `fn` in a transaction.
 */
export async function runIdempotent(
  db: Db,
  input: { userId: string; header: string | undefined; route: string; body: unknown },
  fn: (tx: Queryable) => Promise<MoneyAnswer>,
): Promise<MoneyAnswer> {
  const key = parseIdempotencyKey(input.header);
  if (key === 'invalid') {
    throw badRequest('Invalid Idempotency-Key', { 'Idempotency-Key': 'Use 1-200 printable characters' });
  }
  if (key === null) return db.transaction(fn);
  const hash = requestHash(input.route, input.body);
  return db.transaction(async (tx) => {
    if (!(await tryLockKey(tx, input.userId, key))) throw conflict(KEY_IN_FLIGHT);
    const stored = await findKey(tx, input.userId, key);
    if (stored) {
      if (stored.request_hash !== hash) throw unprocessable(KEY_REUSED, { 'Idempotency-Key': KEY_REUSED });
      return { status: stored.status_code as MoneyAnswer['status'], body: stored.response };
    }
    const answer = await fn(tx);
    await saveKey(tx, { userId: input.userId, key, hash, status: answer.status, body: answer.body });
    return answer;
  });
}

/** Whether a retry of this key would replay a stored answer (read without the lock: a hint only). */
export async function hasStoredAnswer(
  db: Queryable,
  userId: string,
  header: string | undefined,
): Promise<boolean> {
  const key = parseIdempotencyKey(header);
  if (key === null || key === 'invalid') return false;
  return (await findKey(db, userId, key)) !== null;
}
