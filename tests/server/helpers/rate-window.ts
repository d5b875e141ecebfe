import type { Queryable } from '../../../server/db/types';

/**
 * Rate limits count in windows aligned to the database's own clock (server/db/repositories/
 * rate-limits.ts: a 15-minute window starts at :00, :15, :30, :45), which a test cannot fix. A
 * burst that must land in ONE window (10 wrong codes counted, then 429) waits here when fewer than
 * `needSeconds` are left in the current window, so it never straddles two at any hour. It can wait
 * up to `needSeconds` + 1 s: a test that calls it needs a timeout above that plus its own work.
 */
export async function awayFromWindowEdge(db: Queryable, windowSeconds: number, needSeconds: number) {
  const r = await db.query<{ left: number }>(
    `SELECT ($1 - mod(extract(epoch FROM clock_timestamp())::numeric, $1))::float8 AS left`,
    [windowSeconds],
  );
  const left = r.rows[0]?.left ?? windowSeconds;
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}
