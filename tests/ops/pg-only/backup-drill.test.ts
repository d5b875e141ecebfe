/**
 * The restore drill on PostgreSQL, and from PGlite into PostgreSQL (an operator outgrowing one
 * machine): players bid in parallel while an owner takes a backup; the compiled restore program
 * loads it into an empty database (and refuses a non-empty one); a server starts on it and every
 * invariant holds, with every bid acknowledged before the backup began present.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/db/types';
import {
  bidAndBackUp,
  brokenInvariants,
  DRILL_ENV,
  type DrillResult,
  middayZone,
  runRestore,
  startCompiledServer,
} from '../helpers/backup-drill';
import { freshPostgres } from '../helpers/server-process';

let dir: string;
const tz = middayZone();
const dropped: Array<() => Promise<void>> = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'matka-drill-pg-'));
});
afterAll(async () => {
  for (const drop of dropped) await drop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function withClient<T>(url: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn({
      query: async (sql, params) => {
        const r = await c.query(sql, params as unknown[]);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
      exec: async (sql) => {
        await c.query(sql);
      },
    });
  } finally {
    await c.end();
  }
}

/** Bids and a backup on a server over `source`; then restore into a fresh database and check. */
async function drillInto(sourceEnv: Record<string, string>, label: string) {
  const backups = join(dir, `backups-${label}`);
  const server = await startCompiledServer({
    ...DRILL_ENV,
    MARKET_TZ: tz,
    BACKUP_DIR: backups,
    ...sourceEnv,
  });
  let drill: DrillResult;
  try {
    drill = await bidAndBackUp(server.url, tz, backups);
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
  expect(drill.ackedBefore.length).toBeGreaterThan(20);
  const target = await freshPostgres();
  dropped.push(target.drop);
  const r = runRestore(drill.file, { DATABASE_URL: target.url });
  expect(r.output).toMatch(/Restored \d+ rows/);
  expect(r.code).toBe(0);
  const again = runRestore(drill.file, { DATABASE_URL: target.url });
  expect(again.code).toBe(1);
  expect(again.output).toMatch(/is not empty/);
  const restored = await startCompiledServer({ ...DRILL_ENV, MARKET_TZ: tz, DATABASE_URL: target.url });
  try {
    expect((await fetch(`${restored.url}/readyz`)).status).toBe(200);
    const [id, p] = [...drill.playerBalances][0] as [string, { token: string }];
    const me = await fetch(`${restored.url}/api/v1/user/user-details`, {
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(((await me.json()) as { data: { _id: string } }).data._id).toBe(id);
    expect(await withClient(target.url, (q) => brokenInvariants(q, drill.ackedBefore))).toEqual([]);
  } finally {
    restored.proc.kill('SIGTERM');
    await restored.exited;
  }
}

describe('backup and restore drill (PostgreSQL)', () => {
  it('PostgreSQL -> PostgreSQL: every invariant holds in the restored database', async () => {
    const source = await freshPostgres();
    dropped.push(source.drop);
    await drillInto({ DATABASE_URL: source.url }, 'pg');
  }, 240_000);

  it('PGlite -> PostgreSQL: the same file restores into PostgreSQL', async () => {
    await drillInto({ DATA_DIR: join(dir, 'pglite-source') }, 'pglite');
  }, 240_000);
});
