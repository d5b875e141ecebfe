import type { PlayerRow } from '../../../src/contracts/user';
import { deskPauses } from '../../db/repositories/desk';
import { listUsers, toUser } from '../../db/repositories/users';
import type { Queryable } from '../../db/types';

/**
 * The operators' player list, newest first, optionally searched by name or phone. Kept beside
 * services/players/users.ts (the one-player use cases) so the list read has a home of its own.
 */
export async function listPlayers(
  q: Queryable,
  opts: { limit: number; offset: number; search?: string; now: Date },
): Promise<{ rows: PlayerRow[]; total: number }> {
  const { rows, total } = await listUsers(q, opts);
  // A time-out or self-exclusion in force, so the list shows a paused player as paused.
  const pauses = new Map(
    (
      await deskPauses(
        q,
        rows.map((r) => r.id),
      )
    ).map((p) => [p.user_id, p]),
  );
  return {
    rows: rows.map((row) => {
      const p = pauses.get(row.id);
      const paused = p?.paused_until && p.paused_until.getTime() > opts.now.getTime();
      return {
        ...toUser(row),
        pause: paused
          ? { kind: p.pause_kind ?? 'time-out', until: p.paused_until?.toISOString() ?? '' }
          : null,
      };
    }),
    total,
  };
}
