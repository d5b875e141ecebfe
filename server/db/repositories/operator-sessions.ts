import type { Queryable } from '../types';

export interface SessionRow {
  id: string;
  created_at: Date;
  last_used_at: Date | null;
  client_address: string | null;
  user_agent: string | null;
}

/** An operator's live sessions (tokens not revoked nor expired), newest first. */
export async function listSessions(q: Queryable, adminId: string): Promise<SessionRow[]> {
  const r = await q.query<SessionRow>(
    `SELECT id, created_at, last_used_at, client_address, user_agent FROM auth_tokens
      WHERE admin_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC, id`,
    [adminId],
  );
  return r.rows;
}

/** Ends one of the operator's sessions: false when it is not theirs or already ended. */
export async function endSession(q: Queryable, adminId: string, id: string): Promise<boolean> {
  const r = await q.query(
    'UPDATE auth_tokens SET revoked_at = now() WHERE id = $1 AND admin_id = $2 AND revoked_at IS NULL',
    [id, adminId],
  );
  return r.rowCount > 0;
}

/** Ends every session of an operator but `keep` (null: all). Answers how many ended. */
export async function endSessions(q: Queryable, adminId: string, keep: string | null): Promise<number> {
  const r = await q.query(
    `UPDATE auth_tokens SET revoked_at = now()
      WHERE admin_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [adminId, keep],
  );
  return r.rowCount;
}
