/**
 * The SQL functions run as server/db/functions/ writes them (docs/database.md "Functions"): a fresh
 * database holds exactly the files' bodies, a start re-applies a file only when it changed, and a
 * database migrated before functions/ existed ends identical to a fresh one.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  FUNCTIONS_DIR,
  migrate,
  readFunctions,
  readMigrations,
} from '../../../server/db/migrate';
import type { Db, Queryable } from '../../../server/db/types';
import { createEmptyTestDb, createTestDb } from '../helpers/test-db';

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'matka-functions-'));
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The body between the dollar quotes, as pg_proc.prosrc keeps it. */
function bodyOf(sql: string): string {
  const m = /AS \$\$([\s\S]*)\$\$;\s*$/.exec(sql);
  if (!m) throw new Error('no $$ body');
  return m[1] as string;
}

async function bodies(q: Queryable): Promise<Map<string, string>> {
  const r = await q.query<{ name: string; src: string }>(
    `SELECT proname AS name, prosrc AS src FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace ORDER BY proname`,
  );
  return new Map(r.rows.map((x) => [x.name, x.src]));
}

/** Every function's whole definition and every function file's stored checksum. */
async function schemaOfFunctions(q: Queryable) {
  const defs = await q.query<{ def: string }>(
    `SELECT pg_get_functiondef(oid) AS def FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace ORDER BY proname, oid`,
  );
  const sums = await q.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_functions ORDER BY name',
  );
  return { defs: defs.rows.map((r) => r.def), sums: sums.rows };
}

describe('server/db/functions', () => {
  it("a fresh database's functions are the files, one each, with their checksums stored", async () => {
    const files = readFunctions();
    expect(files.length).toBeGreaterThanOrEqual(10);
    const inDb = await bodies(db);
    expect([...inDb.keys()].sort()).toEqual(files.map((f) => f.name).sort());
    for (const f of files) expect(inDb.get(f.name), f.name).toBe(bodyOf(f.sql));
    const sums = await db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_functions ORDER BY name',
    );
    expect(sums.rows).toEqual(files.map((f) => ({ name: f.name, checksum: f.checksum })));
  });

  it('a start re-applies an edited file, and only that one; an unchanged start applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
    cpSync(FUNCTIONS_DIR, dir, { recursive: true });
    const file = join(dir, 'matka_period_start.sql');
    const edited = readFileSync(file, 'utf8').replace(
      '  SELECT date_trunc',
      '  -- edited\n  SELECT date_trunc',
    );
    writeFileSync(file, edited);
    expect(await migrate(db, readMigrations(), readFunctions(dir))).toEqual([
      'functions/matka_period_start.sql',
    ]);
    expect((await bodies(db)).get('matka_period_start')).toBe(bodyOf(edited));
    expect(await migrate(db, readMigrations(), readFunctions(dir))).toEqual([]);
    // Back to the repository's file: applied again, once.
    expect(await migrate(db)).toEqual(['functions/matka_period_start.sql']);
    expect(await migrate(db)).toEqual([]);
    expect((await bodies(db)).get('matka_period_start')).toBe(
      bodyOf(readFileSync(join(FUNCTIONS_DIR, 'matka_period_start.sql'), 'utf8')),
    );
  });

  it('a start that applies a migration re-applies every file (the migration may have replaced one)', async () => {
    const probe = {
      version: 999,
      name: '999-probe.sql',
      sql: 'DROP FUNCTION matka_period_start(text, timestamptz, text);',
    };
    const applied = await migrate(db, [...readMigrations(), probe]);
    expect(applied).toEqual(['999-probe.sql', ...readFunctions().map((f) => `functions/${f.name}.sql`)]);
    expect((await bodies(db)).has('matka_period_start')).toBe(true);
    await db.query('DELETE FROM schema_migrations WHERE version = 999');
  });

  it('a database migrated before functions/ existed ends identical to a fresh one', async () => {
    const old = await createEmptyTestDb();
    try {
      // What migrate() did before: the numbered migrations only.
      await old.transaction((tx) => applyMigrations(tx, readMigrations()));
      const applied = await migrate(old);
      expect(applied).toEqual(readFunctions().map((f) => `functions/${f.name}.sql`));
      expect(await schemaOfFunctions(old)).toEqual(await schemaOfFunctions(db));
    } finally {
      await old.close();
    }
  }, 60_000);
});
