/** GET /healthz and /readyz as a load balancer sees them, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { readMigrations } from '../../server/db/migrate';
import type { Lifecycle } from '../../server/routes/health';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

let t: TestContext;
const lifecycle: Lifecycle = { draining: false };
const latest = readMigrations().at(-1) as { version: number; name: string };
// Numbers can have gaps (migrations are numbered per branch): the one before is the list's.
const previous = readMigrations().at(-2) as { version: number };
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestContext();
  app = createApp(t.deps, { lifecycle });
});
afterAll(() => t.close());

async function get(path: string) {
  const res = await app.request(path);
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
}

describe('health checks', () => {
  it('healthz answers without asking the database, never cached', async () => {
    const r = await get('/healthz');
    expect(r).toMatchObject({ status: 200, body: { status: 'ok', pid: process.pid }, cache: 'no-store' });
  });

  it('readyz is ready once every migration of this build is applied', async () => {
    const r = await get('/readyz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ready', migration: latest.version });
  });

  it('readyz answers 503 while a migration is missing', async () => {
    await t.db.query('DELETE FROM schema_migrations WHERE version = $1', [latest.version]);
    try {
      const r = await get('/readyz');
      expect(r).toMatchObject({
        status: 503,
        body: { status: 'migrations pending', applied: previous.version, expected: latest.version },
      });
    } finally {
      await t.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        latest.version,
        latest.name,
      ]);
    }
  });

  it('readyz answers 503 while draining, healthz still 200', async () => {
    lifecycle.draining = true;
    try {
      expect((await get('/readyz')).status).toBe(503);
      expect((await get('/readyz')).body).toEqual({ status: 'draining' });
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });

  it('readyz answers 503 when the database is gone', async () => {
    const broken = createApp(
      { ...t.deps, db: { ...t.deps.db, query: () => Promise.reject(new Error('connection refused')) } },
      { lifecycle },
    );
    const res = await broken.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'database unreachable' });
  });
});

describe('a database that goes away under a request', () => {
  it.each([
    [
      'a terminated connection (57P01)',
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ],
    ['a lost socket', new Error('Connection terminated unexpectedly')],
    ['a statement timeout (57014)', Object.assign(new Error('canceling statement'), { code: '57014' })],
  ])('%s answers 503 with Retry-After, not a 500', async (_name, error) => {
    const broken = createApp({ ...t.deps, db: { ...t.deps.db, query: () => Promise.reject(error) } });
    const res = await broken.request('/api/v1/admin/all-result');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({
      status: false,
      message: 'Operation failed. Please try again.',
      errors: {},
    });
  });

  it('any other failure stays a logged, generic 500', async () => {
    const broken = createApp({
      ...t.deps,
      db: { ...t.deps.db, query: () => Promise.reject(new Error('something unexpected')) },
    });
    expect((await broken.request('/api/v1/admin/all-result')).status).toBe(500);
  });
});
