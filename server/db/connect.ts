import type { Env } from '../env';
import { createPgDb } from './pg';
import { createPgliteDb } from './pglite';
import type { Db } from './types';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database in DATA_DIR. */
export async function connectDb(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> &
    Partial<Pick<Env, 'DB_POOL_MAX' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'>>,
): Promise<Db> {
  if (env.DATABASE_URL) {
    return createPgDb(env.DATABASE_URL, {
      max: env.DB_POOL_MAX,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
  }
  return createPgliteDb({ dataDir: env.DATA_DIR });
}
