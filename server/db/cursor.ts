import { randomBytes } from 'node:crypto';
import type { Db } from './types';

/**
 * A query read in batches: `SELECT ${select} FROM ${from} WHERE ${where} ORDER BY <key>`, where the
 * key (unique together, never changed by an update, served by an index in that order) also lets it
 * go on after any row. `$1`, `$2`... in `where` are the caller's parameters.
 */
export interface BatchedQuery {
  select: string;
  from: string;
  where: string;
  /** The order key: each part's SQL and its type (`date`, `uuid`, `timestamptz`). */
  key: ReadonlyArray<readonly [sql: string, type: string]>;
}

/**
 * Reads a query's rows `size` at a time, handing each batch to `each` and reading the next only once
 * `each` has resolved (so a slow reader holds one batch in memory, never the result). Answers how
 * many rows were read.
 *
 * PostgreSQL: a server-side cursor in a READ ONLY REPEATABLE READ transaction on one pooled
 * connection, so every batch comes from one snapshot; each FETCH is a statement (under
 * DB_STATEMENT_TIMEOUT_MS), and a reader that stalls longer than DB_IDLE_IN_TRANSACTION_TIMEOUT_MS
 * between batches has its session ended (the read fails).
 *
 * PGlite has one connection: a transaction held for a long read, or a cursor WITH HOLD (which
 * runs the whole query when declared), would stop every other request meanwhile. There each batch
 * is its own short statement that goes on after the last row's key, through the key's index, so
 * other requests run between batches. Rows are read as they stand at their batch (the key never
 * changes, so none is missed or read twice).
 */
export async function forEachBatch<T extends object>(
  db: Db,
  q: BatchedQuery,
  params: readonly unknown[],
  size: number,
  each: (rows: T[]) => Promise<void>,
): Promise<number> {
  if (!Number.isInteger(size) || size < 1 || size > 100_000) throw new RangeError(`batch size ${size}`);
  const order = q.key.map(([sql]) => sql).join(', ');
  let read = 0;
  if (db.kind === 'pg') {
    const name = `c_${randomBytes(8).toString('hex')}`;
    await db.transaction(
      async (tx) => {
        await tx.query('SET TRANSACTION READ ONLY');
        await tx.query(
          `DECLARE ${name} NO SCROLL CURSOR FOR SELECT ${q.select} FROM ${q.from} WHERE (${q.where}) ORDER BY ${order}`,
          params,
        );
        for (;;) {
          const rows = (await tx.query<T>(`FETCH ${size} FROM ${name}`)).rows;
          if (rows.length === 0) return;
          read += rows.length;
          await each(rows);
          if (rows.length < size) return;
        }
      },
      // Rows already handed out must never be handed out again by a retry.
      { isolation: 'repeatable read', retries: 0 },
    );
    return read;
  }
  const keys = q.key.map(([sql], i) => `(${sql})::text AS "_k${i}"`).join(', ');
  const n = params.length;
  const after = `(${order}) > (${q.key.map(([, type], i) => `$${n + 1 + i}::${type}`).join(', ')})`;
  const first = `SELECT ${q.select}, ${keys} FROM ${q.from} WHERE (${q.where}) ORDER BY ${order} LIMIT ${size}`;
  const next = `SELECT ${q.select}, ${keys} FROM ${q.from} WHERE (${q.where}) AND ${after} ORDER BY ${order} LIMIT ${size}`;
  let last: unknown[] | null = null;
  for (;;) {
    const rows = (
      await db.query<T & Record<string, unknown>>(last ? next : first, last ? [...params, ...last] : params)
    ).rows;
    if (rows.length === 0) return read;
    read += rows.length;
    const tail = rows[rows.length - 1] as Record<string, unknown>;
    last = q.key.map((_, i) => tail[`_k${i}`]);
    await each(rows);
    if (rows.length < size) return read;
    // PGlite runs in this thread: let the requests that arrived meanwhile reach it before the next
    // batch (without this turn of the event loop, a fast reader kept it to the export alone).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
