import { randomBytes } from 'node:crypto';
import { hasAnyAdmin, insertOwner, takeSeedLock } from '../db/repositories/seed';
import type { Db } from '../db/types';
import type { Env } from '../env';
import { hashPassword } from '../services/auth/passwords';

export const DEMO_OPERATOR = 'demo-operator';
// Any fixed number: two processes starting on one empty database create one demo operator.
const LOCK_KEY = 727_431_021;

/**
 * Try the console at once: outside production, with the demo seed on and no operator at all
 * (none in the database and no ADMIN_USERNAME), creates the owner `demo-operator` with a random
 * password and answers both for the start banner. The password exists nowhere else (stored as a
 * scrypt hash), so it is printed only on the start that created it. Production never does this.
 * @example await seedDemoOperator(db, env) // {username: 'demo-operator', password: 'k3V9...'} or null
 */
export async function seedDemoOperator(
  db: Db,
  env: Pick<Env, 'NODE_ENV' | 'DEMO_SEED' | 'ADMIN_USERNAME'>,
): Promise<{ username: string; password: string } | null> {
  if (env.NODE_ENV === 'production' || !env.DEMO_SEED || env.ADMIN_USERNAME) return null;
  const password = randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await takeSeedLock(tx, LOCK_KEY);
    if (await hasAnyAdmin(tx)) return false;
    await insertOwner(tx, DEMO_OPERATOR, hash);
    return true;
  });
  return created ? { username: DEMO_OPERATOR, password } : null;
}
