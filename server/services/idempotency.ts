import { claimKey, completeKey, findKey, releaseKey } from '../db/repositories/idempotency';
import type { Db, Queryable } from '../db/types';
import { badRequest, conflict, HttpError, unprocessable } from '../http/errors';
import { parseIdempotencyKey, requestHash } from './idempotency-hash';

export type MoneyAnswer = { status: 200 | 201; body: unknown };
export type ReplayableAnswer = { status: number; body: unknown };

export const KEY_IN_FLIGHT = 'This request is still being processed. Please wait.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/**
 * Runs a money call at most once per (player, Idempotency-Key) (api.md "Bids").
 * - No key: just runs `fn` in a transaction.
 * - Key claimed by this call: `fn` runs in a transaction that also stores the answer, so the money
 *   and the stored answer commit together (a crash can never leave money moved without its answer).
 *   An expected failure (HttpError) is stored too and replayed; an unexpected one frees the key.
 * - Key already used: same body -> the stored answer; different body -> 422; still running -> 409.
 */
export async function runIdempotent(
  db: Db,
  input: { userId: string; header: string | undefined; route: string; body: unknown },
  fn: (tx: Queryable) => Promise<MoneyAnswer>,
): Promise<ReplayableAnswer> {
  const key = parseIdempotencyKey(input.header);
  if (key === 'invalid') {
    throw badRequest('Invalid Idempotency-Key', { 'Idempotency-Key': 'Use 1-200 printable characters' });
  }
  if (key === null) return db.transaction(fn);
  const hash = requestHash(input.route, input.body);
  if (!(await claimKey(db, input.userId, key, hash))) return replay(db, input.userId, key, hash);
  try {
    return await db.transaction(async (tx) => {
      const answer = await fn(tx);
      await completeKey(tx, input.userId, key, answer.status, answer.body);
      return answer;
    });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = { status: false, message: error.message, errors: error.errors };
      await completeKey(db, input.userId, key, error.status, body);
      throw error;
    }
    await releaseKey(db, input.userId, key).catch(() => {});
    throw error;
  }
}

async function replay(db: Queryable, userId: string, key: string, hash: string): Promise<ReplayableAnswer> {
  const row = await findKey(db, userId, key);
  // The row vanished between claim and read (released after a crash): ask the client to retry.
  if (!row) throw conflict(KEY_IN_FLIGHT);
  if (row.request_hash !== hash) throw unprocessable(KEY_REUSED, { 'Idempotency-Key': KEY_REUSED });
  if (row.state !== 'done' || row.status_code === null) throw conflict(KEY_IN_FLIGHT);
  return { status: row.status_code, body: row.response };
}
