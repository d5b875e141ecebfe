/**
 * Two processes' connection pools on one PostgreSQL database: a change committed through one
 * reaches the other's caches within a second, and when the database drops every connection
 * (pg_terminate_backend) the feed steps aside, reconnects, and starts from clean caches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb } from '../../../server/db/pg';
import type { Db } from '../../../server/db/types';
import { createTestContext, type TestContext } from '../../server/helpers/test-app';

let t: TestContext;
let other: Db & { pool: { totalCount: number } };

beforeAll(async () => {
  t = await createTestContext();
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  other = await createPgDb(url.toString(), { max: 4 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

describe('change feed across processes', () => {
  it('a commit in one process invalidates the other within a second', async () => {
    expect(other.changes.live).toBe(true);
    const reads = other.changes.version('reads');
    const auth = other.changes.version('auth');
    const started = Date.now();
    await t.db.query(`UPDATE settings SET value = value WHERE key = 'contact'`);
    expect(await until(() => other.changes.version('reads') > reads, 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(other.changes.version('auth')).toBe(auth);
    await t.db.query(`UPDATE auth_tokens SET revoked_at = revoked_at WHERE false`);
    expect(await until(() => other.changes.version('auth') > auth, 1000)).toBe(true);
  });

  it('a dropped listener makes the feed not live, then it reconnects with clean caches', async () => {
    other.changes.store.set('sentinel', { version: other.changes.version('reads'), value: 1 });
    await t.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
    );
    expect(await until(() => !other.changes.live, 2000)).toBe(true);
    expect(other.changes.store.has('sentinel')).toBe(false);
    expect(await until(() => other.changes.live, 8000)).toBe(true);
    // Back to work: changes flow again.
    const reads = other.changes.version('reads');
    await t.db.query(`UPDATE settings SET value = value WHERE key = 'contact'`);
    expect(await until(() => other.changes.version('reads') > reads, 1000)).toBe(true);
    expect((await other.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
  });

  it('a connection killed in the middle of a transaction fails that transaction, crashes nothing, and the pool goes on', async () => {
    const running = other.transaction(async (tx) => {
      await tx.query('SELECT pg_sleep(5)');
    });
    const outcome = running.then(
      () => 'committed',
      (error: Error) => error.message,
    );
    await until(() => false, 300);
    const killed = await t.db.query<{ ok: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'SELECT pg_sleep(5)'`,
    );
    expect(killed.rows.map((r) => r.ok)).toEqual([true]);
    expect(await outcome).toMatch(/terminat/i);
    // Idle connections of that pool die too; any of them may be next: the pool replaces them.
    for (let i = 0; i < 8; i++) {
      expect((await other.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    }
  });
});
