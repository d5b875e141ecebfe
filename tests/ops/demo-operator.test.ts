/**
 * Try the console at once (issue 21): a fresh `npm start` outside production creates a demo
 * operator with a random password and prints both in the banner; a restart does not print or
 * change it; production, ADMIN_USERNAME or an existing operator means none is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoOperator } from '../../server/seed/demo-operator';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { usingPostgres } from '../server/helpers/test-db';
import { freshPostgres, startCompiledServer } from './helpers/server-process';

const DEV = { NODE_ENV: 'development', DEMO_SEED: true, ADMIN_USERNAME: undefined } as const;

describe('seedDemoOperator', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('never in production, nor with DEMO_SEED off or ADMIN_USERNAME set', async () => {
    expect(await seedDemoOperator(t.db, { ...DEV, NODE_ENV: 'production' })).toBeNull();
    expect(await seedDemoOperator(t.db, { ...DEV, DEMO_SEED: false })).toBeNull();
    expect(await seedDemoOperator(t.db, { ...DEV, ADMIN_USERNAME: 'boss' })).toBeNull();
    expect((await t.db.query('SELECT 1 FROM admins')).rows).toEqual([]);
  });

  it('creates one owner with a fresh random password, once, and signs in with it', async () => {
    const made = await seedDemoOperator(t.db, DEV);
    expect(made?.username).toBe(DEMO_OPERATOR);
    expect(made?.password).toMatch(/^[\w-]{16}$/);
    expect(await seedDemoOperator(t.db, DEV)).toBeNull();
    const rows = await t.db.query<{ role: string }>('SELECT role FROM admins');
    expect(rows.rows).toEqual([{ role: 'owner' }]);
    const login = await t.request('POST', '/api/v1/admin/login', {
      body: { username: DEMO_OPERATOR, password: made?.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
  });
});

describe('npm start on a fresh database', () => {
  let db: { url: string; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    if (usingPostgres()) db = await freshPostgres();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('prints the demo operator and its password beside the demo player', async () => {
    const server = await startCompiledServer({
      NODE_ENV: 'development',
      ...(db ? { DATABASE_URL: db.url } : {}),
    });
    try {
      await server.waitForLog(/Demo player:/);
      const m = /Demo operator: (\S+), password (\S+) /.exec(server.log());
      expect(m?.[1]).toBe(DEMO_OPERATOR);
      const login = await fetch(`${server.url}/api/v1/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: m?.[1], password: m?.[2] }),
      });
      expect(login.status).toBe(200);
      // The password is in the banner only, not in the JSON log lines.
      const jsonLines = server
        .log()
        .split('\n')
        .filter((l) => l.startsWith('{'));
      expect(jsonLines.join('\n')).not.toContain(m?.[2] as string);
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);
});
