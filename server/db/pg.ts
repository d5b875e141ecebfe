import { randomBytes } from 'node:crypto';
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
  /** How often the change feed's listener checks it still hears (default 2000 ms; dead after 3). */
  heartbeatMs?: number;
}

export async function createPgDb(
  connectionString: string,
  options: PgOptions = {},
): Promise<Db & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    // Keepalive probes keep NATs and proxies from forgetting an idle connection.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
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
  const listener = await startListener(
    connectionString,
    changes,
    (channel, payload) => base.query('SELECT pg_notify($1, $2)', [channel, payload]),
    options.heartbeatMs ?? 2000,
  );
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

/** What the change feed's listener connection calls itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'matka-change-feed';

/**
 * One connection that only LISTENs, so other processes' changes arrive even while every pool
 * connection is busy or closed. When it drops (a restart, pg_terminate_backend), the feed is not
 * live and caches step aside until it reconnects, with back-off up to 5 s.
 *
 * A connection can also die in silence: a NAT or proxy that forgets an idle connection sends no
 * reset, and a listener only ever reads, so it would wait forever while every cache served what it
 * held. So the connection has TCP keepalive on (which keeps such middle boxes from forgetting it),
 * and every `heartbeatMs` the process sends itself a NOTIFY, through the pool, on a channel only
 * this listener hears. A beat counts once its NOTIFY has committed (a pool busy at the evening
 * rush delays the beat, not the verdict); when a committed beat stays unheard for two more beats,
 * the feed is marked dead (the caches step aside and read the database), the connection is
 * dropped and a new one is made.
 */
async function startListener(
  connectionString: string,
  changes: ChangeFeed,
  send: (channel: string, payload: string) => Promise<unknown>,
  heartbeatMs: number,
) {
  const heartbeat = `matka_hb_${randomBytes(8).toString('hex')}`;
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  // Beats are numbered: `heard` is the newest the listener has heard, `unheardSince` when the
  // oldest committed beat it has not heard yet committed.
  let sent = 0;
  let heard = 0;
  let unheardSince: number | undefined;
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
  /** Forgets a connection: nothing it says later counts, and its socket is closed without waiting. */
  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    (c as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream?.destroy?.();
  };
  const connect = async () => {
    const c = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    c.on('notification', (n) => {
      if (n.channel === heartbeat) {
        heard = Math.max(heard, Number(n.payload) || 0);
        if (heard >= sent) unheardSince = undefined;
      } else if (n.channel === CHANGE_CHANNEL) changes.receive(n.payload);
    });
    c.on('error', () => {
      drop(c);
      retry();
    });
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      await c.query(`LISTEN ${heartbeat}`);
      if (stopped) {
        await c.end();
        return;
      }
      client = c;
      failures = 0;
      heard = sent;
      unheardSince = undefined;
      changes.setLive(true);
    } catch {
      drop(c);
      retry();
    }
  };
  const beat = setInterval(() => {
    if (!client) return;
    if (unheardSince !== undefined && Date.now() - unheardSince > 2 * heartbeatMs) {
      console.error(
        JSON.stringify({
          level: 'warn',
          msg: 'change feed silent: reading from the database and reconnecting',
          silentMs: Date.now() - unheardSince,
        }),
      );
      drop(client);
      retry();
      return;
    }
    const n = ++sent;
    send(heartbeat, String(n)).then(
      () => {
        if (heard < n) unheardSince ??= Date.now();
      },
      () => {},
    );
  }, heartbeatMs);
  beat.unref();
  await connect();
  return {
    async stop() {
      stopped = true;
      clearInterval(beat);
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
