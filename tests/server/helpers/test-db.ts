import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, readFunctions, readMigrations } from '../../../server/db/migrate';
import { createPgDb } from '../../../server/db/pg';
import { createPgliteDb } from '../../../server/db/pglite';
import type { Db } from '../../../server/db/types';

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'matka-server-tests');

/** True when this run uses PostgreSQL (TEST_DB=pg and TEST_DATABASE_URL set). */
export function usingPostgres(): boolean {
  return process.env.TEST_DB === 'pg' && Boolean(process.env.TEST_DATABASE_URL);
}

/**
 * initdb plus migrations take seconds on PGlite, so one migrated data directory is dumped once
 * (keyed by the migrations' and function files' content) and every test file starts from a copy of it in memory.
 */
async function migratedDump(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const m of readMigrations()) hash.update(m.name).update(m.sql);
  for (const f of readFunctions()) hash.update(f.name).update(f.sql);
  const file = join(CACHE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const db = await createPgliteDb();
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('none');
    await db.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  }
  return new Blob([readFileSync(file)]);
}

/** A fresh, migrated database for one test file; close() drops it. */
export async function createTestDb(): Promise<Db> {
  if (!usingPostgres()) {
    return createPgliteDb({ loadDataDir: await migratedDump() });
  }
  const db = await createEmptyTestDb();
  await migrate(db);
  return db;
}

/** A new database with nothing in it (PGlite in memory, or a new PostgreSQL database); close() drops it. */
export async function createEmptyTestDb(): Promise<Db> {
  if (!usingPostgres()) return createPgliteDb();
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await createPgDb(adminUrl, { max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createPgDb(url.toString(), { max: 10 });
  return {
    ...db,
    async close() {
      await db.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
