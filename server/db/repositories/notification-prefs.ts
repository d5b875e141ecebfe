import type { NotificationPrefs } from '../../../src/contracts/notifications';
import type { Queryable } from '../types';

/**
 * The player's saved choices, or null when they never chose (the defaults apply). Markets that no
 * longer exist are left out.
 */
export async function findNotificationPrefs(q: Queryable, userId: string): Promise<NotificationPrefs | null> {
  const r = await q.query<NotificationPrefs>(
    `SELECT n.results, n.wins, n.funds,
            coalesce((SELECT array_agg(m::text ORDER BY ord) FROM unnest(n.markets) WITH ORDINALITY AS x(m, ord)
                       WHERE EXISTS (SELECT 1 FROM games g WHERE g.id = x.m)), '{}'::text[]) AS markets
       FROM notification_prefs n WHERE n.user_id = $1`,
    [userId],
  );
  const row = r.rows[0];
  return row ? { ...row, markets: row.markets.map(String) } : null;
}

/** Saves the whole choice (a first save creates the row). */
export async function saveNotificationPrefs(
  q: Queryable,
  userId: string,
  p: NotificationPrefs,
): Promise<void> {
  await q.query(
    `INSERT INTO notification_prefs (user_id, results, markets, wins, funds)
       VALUES ($1, $2, $3::uuid[], $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET results = EXCLUDED.results, markets = EXCLUDED.markets,
       wins = EXCLUDED.wins, funds = EXCLUDED.funds, updated_at = now()`,
    [userId, p.results, p.markets, p.wins, p.funds],
  );
}

/** Which of these ids are markets that exist. */
export async function existingGameIds(q: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const r = await q.query<{ id: string }>('SELECT id FROM games WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(r.rows.map((row) => String(row.id)));
}

/**
 * Locks the player's choices for a change (their row, created with the defaults if missing), so
 * two changes at once apply one after the other.
 */
export async function lockNotificationPrefs(q: Queryable, userId: string): Promise<void> {
  await q.query('INSERT INTO notification_prefs (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
    userId,
  ]);
  await q.query('SELECT 1 FROM notification_prefs WHERE user_id = $1 FOR UPDATE', [userId]);
}
