import type { OperatorRole } from '../../../src/contracts/operators';
import type { Queryable } from '../types';

/** Operators (the admins table). Their second factor lives in two-factor.ts, sessions in auth-tokens.ts. */

export async function findAdminCredentials(
  q: Queryable,
  username: string,
): Promise<{ password_hash: string; is_active: boolean } | null> {
  const current = await q.query<{ password_hash: string; is_active: boolean }>(
    'SELECT password_hash, is_active FROM admins WHERE username = $1',
    [username],
  );
  return current.rows[0] ?? null;
}

/**
 * Creates the operator or sets its password; is_active only turns on when `reactivate`.
 * Answers whether the row was created (false: an existing operator was updated).
 */
export async function upsertAdminPassword(
  q: Queryable,
  username: string,
  hash: string,
  reactivate: boolean,
): Promise<boolean | undefined> {
  const r = await q.query<{ created: boolean }>(
    `INSERT INTO admins (username, password_hash) VALUES ($1, $2)
     ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash,
       is_active = admins.is_active OR $3, updated_at = now()
     RETURNING (xmax = 0) AS created`,
    [username, hash, reactivate],
  );
  return r.rows[0]?.created;
}

export interface AdminLoginRow {
  id: string;
  password_hash: string;
  is_active: boolean;
  two_factor: boolean;
}

export async function findAdminLogin(q: Queryable, username: string): Promise<AdminLoginRow | undefined> {
  const r = await q.query<AdminLoginRow>(
    'SELECT id, password_hash, is_active, totp_enabled_at IS NOT NULL AS two_factor FROM admins WHERE username = $1',
    [username],
  );
  return r.rows[0];
}

export interface OperatorRow {
  id: string;
  username: string;
  role: OperatorRole;
  is_active: boolean;
  two_factor: boolean;
  created_at: Date;
}

export async function listOperatorRows(q: Queryable): Promise<OperatorRow[]> {
  const r = await q.query<OperatorRow>(
    'SELECT id, username, role, is_active, totp_enabled_at IS NOT NULL AS two_factor, created_at FROM admins ORDER BY created_at, username',
  );
  return r.rows;
}

/** Locks the active owners' rows (in id order), so owner changes queue one behind another. */
export async function lockActiveOwners(q: Queryable): Promise<void> {
  await q.query("SELECT id FROM admins WHERE role = 'owner' AND is_active ORDER BY id FOR UPDATE");
}

export async function findOperatorRow(q: Queryable, id: string): Promise<OperatorRow | null> {
  const current = await q.query<OperatorRow>(
    'SELECT id, username, role, is_active, totp_enabled_at IS NOT NULL AS two_factor, created_at FROM admins WHERE id = $1',
    [id],
  );
  return current.rows[0] ?? null;
}

export async function countOtherActiveOwners(q: Queryable, id: string): Promise<number> {
  const others = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM admins WHERE role = 'owner' AND is_active AND id <> $1",
    [id],
  );
  return others.rows[0]?.n ?? 0;
}

/** Sets the role and/or the active switch (null leaves it); answers the row after. */
export async function updateOperator(
  q: Queryable,
  id: string,
  role: OperatorRole | null,
  isActive: boolean | null,
): Promise<OperatorRow> {
  const r = await q.query<OperatorRow>(
    `UPDATE admins SET role = COALESCE($2, role), is_active = COALESCE($3, is_active), updated_at = now()
        WHERE id = $1 RETURNING id, username, role, is_active, totp_enabled_at IS NOT NULL AS two_factor, created_at`,
    [id, role, isActive],
  );
  return r.rows[0] as OperatorRow;
}

export async function adminExists(q: Queryable, adminId: string): Promise<boolean> {
  const known = await q.query('SELECT 1 FROM admins WHERE id = $1', [adminId]);
  return known.rows.length > 0;
}

export async function adminPasswordHash(q: Queryable, adminId: string): Promise<string | undefined> {
  const row = await q.query<{ password_hash: string }>('SELECT password_hash FROM admins WHERE id = $1', [
    adminId,
  ]);
  return row.rows[0]?.password_hash;
}

export async function setAdminPassword(q: Queryable, adminId: string, hash: string): Promise<void> {
  await q.query('UPDATE admins SET password_hash = $2, updated_at = now() WHERE id = $1', [adminId, hash]);
}

/** Who an operator sign-in names: by username, or by the challenge of its second step. */
export async function findSignInSubject(
  q: Queryable,
  by: { username: string } | { challengeHash: string },
): Promise<{ id: string; username: string; role: OperatorRole } | null> {
  const r =
    'username' in by
      ? await q.query<{ id: string; username: string; role: OperatorRole }>(
          'SELECT id, username, role FROM admins WHERE username = $1',
          [by.username],
        )
      : await q.query<{ id: string; username: string; role: OperatorRole }>(
          `SELECT a.id, a.username, a.role FROM admin_login_challenges c JOIN admins a ON a.id = c.admin_id
            WHERE c.challenge_hash = $1`,
          [by.challengeHash],
        );
  return r.rows[0] ?? null;
}
