import type { Env } from '../env';
import { createPgDb } from './pg';
import { createPgliteDb } from './pglite';
import type { Db } from './types';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database in DATA_DIR. */
export async function connectDb(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Db> {
  if (env.DATABASE_URL) return createPgDb(env.DATABASE_URL);
  return createPgliteDb({ dataDir: env.DATA_DIR });
}
