import pg from 'pg';
import { CHANGE_CHANNEL, ChangeFeed } from './change-feed';
import { OID, parseDate, parseInt8, parseNumeric } from './type-parsers';
import {
  type Db,
  pgErrorCode,
  type Queryable,
  type QueryResult,
  RETRYABLE_CODES,
  statementRolledBack,
} from './types';

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
  const changes = new ChangeFeed(false);
  // Every pool connection listens (from its first use on), so this process's own commits
  // invalidate its caches before they return.
  const listening = new WeakSet<pg.PoolClient>();
  // A connection killed while checked out (pg_terminate_backend, a failover) emits 'error' on its
  // client; pg-pool listens only while a client is idle, and an unheard 'error' ends the process.
  // Every client gets a listener from birth ('connect' fires before the pool hands it out); the
  // query in flight rejects on its own and the client is not reused.
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      console.error(JSON.stringify({ level: 'warn', msg: 'pg connection lost', error: error.message })),
    );
  });
  const checkout = async () => {
    const client = await pool.connect();
    if (!listening.has(client)) {
      client.on('notification', (n) => {
        if (n.channel === CHANGE_CHANNEL) changes.receive(n.payload);
      });
      try {
        await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      } catch (error) {
        client.release(true);
        throw error;
      }
      listening.add(client);
    }
    return client;
  };
  const withClient = async <T>(fn: (q: Queryable) => Promise<T>): Promise<T> => {
    const client = await checkout();
    let broken = false;
    try {
      return await fn(wrap(client));
    } catch (error) {
      broken = connectionLost(error);
      throw error;
    } finally {
      client.release(broken);
    }
  };
  const base: Queryable = {
    query: (sql, params) => withClient((q) => q.query(sql, params)),
    exec: (sql) => withClient((q) => q.exec(sql)),
  };
  await base.query('SELECT 1');
  const listener = await startListener(connectionString, changes);
  return {
    kind: 'pg',
    pool,
    changes,
    query: base.query,
    exec: base.exec,
    async transaction(fn, options = {}) {
      const isolation = options.isolation ?? 'read committed';
      const retries = options.retries ?? (isolation === 'serializable' ? 5 : 2);
      for (let attempt = 0; ; attempt++) {
        const client = await checkout();
        let broken = false;
        try {
          await client.query(`BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}`);
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          // A lost connection is never retried here: whether its COMMIT landed is unknown, and
          // the caller's idempotency key (money writes) is what makes a retry safe.
          broken = await client.query('ROLLBACK').then(
            () => false,
            () => true,
          );
          const code = pgErrorCode(error);
          if (attempt >= retries || code === undefined || !RETRYABLE_CODES.has(code)) throw error;
          // A short, growing, jittered pause so the competing transaction can finish first.
          await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
        } finally {
          client.release(broken);
        }
      }
    },
    async close() {
      await listener.stop();
      await pool.end();
    },
  };
}

/**
 * The connection itself failed (terminated, reset, shut down): it must not go back to the pool.
 * Errors a statement raises on a live connection carry a SQLSTATE (types.ts statementRolledBack).
 */
function connectionLost(error: unknown): boolean {
  return !statementRolledBack(error);
}

/**
 * One connection that only LISTENs, so other processes' changes arrive even while every pool
 * connection is busy or closed. When it drops (a restart, pg_terminate_backend), the feed is not
 * live and caches step aside until it reconnects, with back-off up to 5 s.
 */
async function startListener(connectionString: string, changes: ChangeFeed) {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    if (stopped || timer) return;
    changes.setLive(false);
    timer = setTimeout(
      () => {
        timer = undefined;
        void connect();
      },
      Math.min(5000, 100 * 2 ** failures++),
    );
    timer.unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL) changes.receive(n.payload);
    });
    c.on('error', () => retry());
    c.on('end', () => {
      if (client === c) client = null;
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (stopped) {
        await c.end();
        return;
      }
      client = c;
      failures = 0;
      changes.setLive(true);
    } catch {
      c.end().catch(() => {});
      retry();
    }
  };
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
