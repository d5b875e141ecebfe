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
  const r = await q.query<{ count: number; retry: number }>(
    `INSERT INTO rate_limit_buckets (key, window_start, count, expires_at)
     VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1,
             to_timestamp(floor(extract(epoch FROM now()) / $2) * $2 + $2))
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
     RETURNING count, extract(epoch FROM expires_at - now())::float8 AS retry`,
    [key, windowSeconds],
  );
  const row = r.rows[0];
  if (row && row.count > limit) throw tooManyRequests(message, row.retry);
  if (Math.random() < 0.01) {
    await q.query(`DELETE FROM rate_limit_buckets WHERE expires_at < now() - interval '1 day'`);
  }
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
  const r = await q.query<{ window_start: Date }>(
    `INSERT INTO rate_limit_buckets (key, window_start, count, expires_at)
     VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1,
             to_timestamp(floor(extract(epoch FROM now()) / $2) * $2 + $2))
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
      WHERE rate_limit_buckets.count < $3
     RETURNING window_start`,
    [key, windowSeconds, limit],
  );
  const slot = r.rows[0]?.window_start;
  if (slot) return slot;
  const wait = await q.query<{ retry: number }>(
    `SELECT extract(epoch FROM expires_at - now())::float8 AS retry FROM rate_limit_buckets
      WHERE key = $1 AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)`,
    [key, windowSeconds],
  );
  throw tooManyRequests(message, wait.rows[0]?.retry ?? windowSeconds);
}

/** Gives back a slot taken by takeSlot (in the window it was taken in). */
export async function returnSlot(q: Queryable, key: string, windowStart: Date): Promise<void> {
  await q.query(
    'UPDATE rate_limit_buckets SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0',
    [key, windowStart],
  );
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
  await q.query('DELETE FROM rate_limit_buckets WHERE key = $1', [key]);
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
  const r = await q.query<{ ok: boolean }>(
    `INSERT INTO rate_limit_buckets (key, window_start, count, expires_at)
     VALUES ($1, 'epoch', 1, now() + make_interval(secs => $2))
     ON CONFLICT (key, window_start) DO UPDATE
        SET count = rate_limit_buckets.count + 1, expires_at = now() + make_interval(secs => $2)
      WHERE rate_limit_buckets.expires_at <= now()
     RETURNING true AS ok`,
    [key, seconds],
  );
  if (r.rows.length > 0) return;
  const wait = await q.query<{ retry: number }>(
    `SELECT extract(epoch FROM expires_at - now())::float8 AS retry FROM rate_limit_buckets
      WHERE key = $1 AND window_start = 'epoch'`,
    [key],
  );
  const seconds_ = Math.max(1, Math.ceil(wait.rows[0]?.retry ?? seconds));
  throw tooManyRequests(message(seconds_), seconds_);
}
