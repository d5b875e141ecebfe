import {
  cooldownRetrySeconds,
  countHit,
  deleteBuckets,
  deleteStaleBuckets,
  startCooldown,
  takeBucketSlot,
  uncountHit,
  windowRetrySeconds,
} from '../db/repositories/rate-limits';
import type { Queryable } from '../db/types';
import { tooManyRequests } from './errors';

/**
 * Rate limits live in the database (rate_limit_buckets) so every server process shares them and
 * the server itself stays stateless.
 */

/**
 * A fixed window: the call counts one hit and fails with 429 once more than `limit` hits fall in
 * the current window of `windowSeconds`.
 */
export async function hitWindow(
  q: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
  message: string,
): Promise<void> {
  const row = await countHit(q, key, windowSeconds);
  if (row && row.count > limit) throw tooManyRequests(message, row.retry);
  if (Math.random() < 0.01) await deleteStaleBuckets(q);
}

/**
 * Takes one of `limit` attempt slots of the current window in one atomic statement (the upsert
 * locks the bucket row and re-checks `count < limit` on its latest version), or fails with 429.
 * A caller that learns the attempt should not count (a right password) gives its slot back with
 * returnSlot; a wrong one keeps it. So however many attempts arrive at once, at most `limit` are
 * ever evaluated per window. Answers the window the slot belongs to.
 */
export async function takeSlot(
  q: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
  message: string,
): Promise<Date> {
  const slot = await takeBucketSlot(q, key, windowSeconds, limit);
  if (slot) return slot;
  throw tooManyRequests(message, (await windowRetrySeconds(q, key, windowSeconds)) ?? windowSeconds);
}

/** Gives back a slot taken by takeSlot (in the window it was taken in). */
export async function returnSlot(q: Queryable, key: string, windowStart: Date): Promise<void> {
  await uncountHit(q, key, windowStart);
}

/**
 * A password check under a lockout of `limit` wrong tries per window (players per phone, operators
 * per username): the slot is taken before the password is evaluated and given back only when it
 * was right. Answers whether it was right.
 */
export async function lockedOutCheck(
  q: Queryable,
  lock: { key: string; limit: number; windowSeconds: number; message: string },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const slot = await takeSlot(q, lock.key, lock.limit, lock.windowSeconds, lock.message);
  const right = await check();
  if (right) await returnSlot(q, lock.key, slot);
  return right;
}

/** Clears a key's counters (a successful login forgives earlier wrong passwords). */
export async function resetKey(q: Queryable, key: string): Promise<void> {
  await deleteBuckets(q, key);
}

/**
 * A cooldown: at most one hit per `seconds`. The single row's expires_at is the moment the next
 * hit is allowed; the conditional upsert makes two racing calls let exactly one through.
 */
export async function hitCooldown(
  q: Queryable,
  key: string,
  seconds: number,
  message: (wait: number) => string,
) {
  if (await startCooldown(q, key, seconds)) return;
  const seconds_ = Math.max(1, Math.ceil((await cooldownRetrySeconds(q, key)) ?? seconds));
  throw tooManyRequests(message(seconds_), seconds_);
}
