import { randomBytes } from 'node:crypto';
import type { Db } from './types';

/**
 * Reads a query's rows through a server-side cursor, `size` rows at a time, handing each batch to
 * `each` and fetching the next only once `each` has resolved (so a slow reader holds one batch in
 * memory, never the result). Answers how many rows were read.
 *
 * PostgreSQL: the cursor lives in a READ ONLY REPEATABLE READ transaction on one pooled
 * connection, so every batch comes from one snapshot; each FETCH is a statement (under
 * DB_STATEMENT_TIMEOUT_MS), and a reader that stalls longer than
 * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS between batches has its session ended (the read fails).
 *
 * PGlite: its one connection cannot stay inside a transaction for a long read without stopping
 * every other request, so the cursor is declared WITH HOLD outside one: PostgreSQL keeps the
 * result (spilling past work_mem to temporary files, not the heap) and each FETCH is a short
 * statement between other requests' queries. The cursor is closed however the read ends.
 */
export async function forEachBatch<T>(
  db: Db,
  sql: string,
  params: readonly unknown[],
  size: number,
  each: (rows: T[]) => Promise<void>,
): Promise<number> {
  if (!Number.isInteger(size) || size < 1 || size > 100_000) throw new RangeError(`batch size ${size}`);
  const name = `c_${randomBytes(8).toString('hex')}`;
  let read = 0;
  const drain = async (fetch: (statement: string) => Promise<T[]>) => {
    for (;;) {
      const rows = await fetch(`FETCH ${size} FROM ${name}`);
      if (rows.length === 0) return;
      read += rows.length;
      await each(rows);
      if (rows.length < size) return;
    }
  };
  if (db.kind === 'pg') {
    await db.transaction(
      async (tx) => {
        await tx.query('SET TRANSACTION READ ONLY');
        await tx.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
        await drain(async (statement) => (await tx.query<T>(statement)).rows);
      },
      // Rows already handed out must never be handed out again by a retry.
      { isolation: 'repeatable read', retries: 0 },
    );
    return read;
  }
  await db.query(`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${sql}`, params);
  try {
    await drain(async (statement) => (await db.query<T>(statement)).rows);
  } finally {
    await db.query(`CLOSE ${name}`).catch(() => undefined);
  }
  return read;
}
