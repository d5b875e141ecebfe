/**
 * Upgrades: several processes starting a new version on one fresh PostgreSQL database at the same
 * moment apply every migration and every function file once. The one holding the migration lock
 * migrates; the others wait on it, then find nothing left to do, and all of them serve.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFunctions, readMigrations } from '../../../server/db/migrate';
import { DRILL_ENV } from '../helpers/backup-drill';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../helpers/server-process';

const N = 4;
// No operator from the environment: the test servers would get their second owner from the shell
// first (helpers/server-process.ts), and the shell's create-admin migrates before any server does.
const { ADMIN_USERNAME: _u, ADMIN_PASSWORD: _p, ...ENV } = DRILL_ENV;
let db: { url: string; drop: () => Promise<void> };
let servers: ServerProcess[] = [];

beforeAll(async () => {
  db = await freshPostgres();
});
afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  await db.drop();
});

describe('N processes starting at once on a fresh database', () => {
  it('apply each migration and function file once; every process becomes ready', async () => {
    servers = await Promise.all(
      Array.from({ length: N }, () =>
        startCompiledServer({ ...ENV, LOG_LEVEL: 'info', DATABASE_URL: db.url }),
      ),
    );
    for (const s of servers) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    const applied = servers.filter((s) => /"msg":"migrations applied"/.test(s.log()));
    expect(applied).toHaveLength(1);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const rows = await c.query<{ version: number; n: string }>(
      'SELECT version, count(*)::text AS n FROM schema_migrations GROUP BY version ORDER BY version',
    );
    const fns = await c.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_functions ORDER BY name',
    );
    await c.end();
    expect(rows.rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
    expect(rows.rows.every((r) => r.n === '1')).toBe(true);
    expect(fns.rows).toEqual(readFunctions().map((f) => ({ name: f.name, checksum: f.checksum })));
  }, 120_000);
});
