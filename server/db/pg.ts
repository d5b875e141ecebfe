import pg from 'pg';
import { OID, parseDate, parseInt8, parseNumeric } from './type-parsers';
import { type Db, pgErrorCode, type Queryable, type QueryResult, RETRYABLE_CODES } from './types';

function typeParser(oid: number, format?: string): (value: string) => unknown {
  if (oid === OID.INT8) return parseInt8;
  if (oid === OID.NUMERIC) return parseNumeric;
  if (oid === OID.DATE) return parseDate;
  return pg.types.getTypeParser(oid, format as 'text');
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await client.query({
        text: sql,
        values: params as unknown[],
        types: { getTypeParser: typeParser },
      });
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await client.query(sql);
    },
  };
}

export interface PgOptions {
  /** Pool size (default 20). */
  max?: number;
  /** Server-side statement_timeout in ms; 0 or unset: none. */
  statementTimeoutMs?: number;
  /** Server-side idle_in_transaction_session_timeout in ms; 0 or unset: none. */
  idleInTransactionTimeoutMs?: number;
}

export async function createPgDb(
  connectionString: string,
  options: PgOptions = {},
): Promise<Db & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }
      : {}),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) =>
    console.error(JSON.stringify({ level: 'error', msg: 'pg pool', error: error.message })),
  );
  const base = wrap(pool);
  await base.query('SELECT 1');
  return {
    kind: 'pg',
    pool,
    query: base.query,
    exec: base.exec,
    async transaction(fn, options = {}) {
      const isolation = options.isolation ?? 'read committed';
      const retries = options.retries ?? (isolation === 'serializable' ? 5 : 2);
      for (let attempt = 0; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query(`BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}`);
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          const code = pgErrorCode(error);
          if (attempt >= retries || code === undefined || !RETRYABLE_CODES.has(code)) throw error;
          // A short, growing, jittered pause so the competing transaction can finish first.
          await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
        } finally {
          client.release();
        }
      }
    },
    close: () => pool.end(),
  };
}
