import type { Queryable } from '../types';

/**
 * Rate limit buckets (rate_limit_buckets): one row per key and window. A fixed window starts at
 * a multiple of its length; a cooldown uses the single window 'epoch' and keeps in expires_at
 * the moment the next hit is allowed. The rules on top live in services/rate-limit.ts.
 */

/** Counts one hit in the current window; answers the count after it and the seconds left. */
export async function countHit(
  q: Queryable,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retry: number } | undefined> {
  const r = await q.query<{ count: number; retry: number }>(
    `INSERT INTO rate_limit_buckets (key, window_start, count, expires_at)
     VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1,
             to_timestamp(floor(extract(epoch FROM now()) / $2) * $2 + $2))
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
     RETURNING count, extract(epoch FROM expires_at - now())::float8 AS retry`,
    [key, windowSeconds],
  );
  return r.rows[0];
}

/** Drops buckets that expired more than a day ago. */
export async function deleteStaleBuckets(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM rate_limit_buckets WHERE expires_at < now() - interval '1 day'`);
}

/**
 * Counts one hit only while the current window holds fewer than `limit` (one atomic upsert);
 * answers the window's start, or undefined when it is full.
 */
export async function takeBucketSlot(
  q: Queryable,
  key: string,
  windowSeconds: number,
  limit: number,
): Promise<Date | undefined> {
  const r = await q.query<{ window_start: Date }>(
    `INSERT INTO rate_limit_buckets (key, window_start, count, expires_at)
     VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1,
             to_timestamp(floor(extract(epoch FROM now()) / $2) * $2 + $2))
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
      WHERE rate_limit_buckets.count < $3
     RETURNING window_start`,
    [key, windowSeconds, limit],
  );
  return r.rows[0]?.window_start;
}

/** Seconds until the current window of `windowSeconds` ends for a key (undefined: no bucket). */
export async function windowRetrySeconds(
  q: Queryable,
  key: string,
  windowSeconds: number,
): Promise<number | undefined> {
  const wait = await q.query<{ retry: number }>(
    `SELECT extract(epoch FROM expires_at - now())::float8 AS retry FROM rate_limit_buckets
      WHERE key = $1 AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)`,
    [key, windowSeconds],
  );
  return wait.rows[0]?.retry;
}

/** Takes one hit back from the window it was counted in. */
export async function uncountHit(q: Queryable, key: string, windowStart: Date): Promise<void> {
  await q.query(
    'UPDATE rate_limit_buckets SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0',
    [key, windowStart],
  );
}

export async function deleteBuckets(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limit_buckets WHERE key = $1', [key]);
}

/** Starts a cooldown of `seconds` unless one is running; answers whether it started. */
export async function startCooldown(q: Queryable, key: string, seconds: number): Promise<boolean> {
  const r = await q.query<{ ok: boolean }>(
    `INSERT INTO rate_limit_buckets (key, window_start, count, expires_at)
     VALUES ($1, 'epoch', 1, now() + make_interval(secs => $2))
     ON CONFLICT (key, window_start) DO UPDATE
        SET count = rate_limit_buckets.count + 1, expires_at = now() + make_interval(secs => $2)
      WHERE rate_limit_buckets.expires_at <= now()
     RETURNING true AS ok`,
    [key, seconds],
  );
  return r.rows.length > 0;
}

/** Seconds left on a key's cooldown (undefined: none). */
export async function cooldownRetrySeconds(q: Queryable, key: string): Promise<number | undefined> {
  const wait = await q.query<{ retry: number }>(
    `SELECT extract(epoch FROM expires_at - now())::float8 AS retry FROM rate_limit_buckets
      WHERE key = $1 AND window_start = 'epoch'`,
    [key],
  );
  return wait.rows[0]?.retry;
}

/** The newest cooldown key matching a LIKE pattern (e.g. 'otp-cooldown:<phone>:%'). */
export async function newestCooldownKey(q: Queryable, pattern: string): Promise<string | undefined> {
  const r = await q.query<{ key: string }>(
    `SELECT key FROM rate_limit_buckets WHERE key LIKE $1 AND window_start = 'epoch'
      ORDER BY expires_at DESC LIMIT 1`,
    [pattern],
  );
  return r.rows[0]?.key;
}
