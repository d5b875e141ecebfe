import type { User } from '../../src/contracts/user';
import { listUsers, toUser } from '../db/repositories/users';
import type { Queryable } from '../db/types';

/**
 * The operators' player list, newest first, optionally searched by name or phone. Kept beside
 * services/users.ts (the one-player use cases) so the list read has a home of its own.
 */
export async function listPlayers(
  q: Queryable,
  opts: { limit: number; offset: number; search?: string },
): Promise<{ rows: User[]; total: number }> {
  const { rows, total } = await listUsers(q, opts);
  return { rows: rows.map(toUser), total };
}
