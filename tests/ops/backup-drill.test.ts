/**
 * The restore drill on PGlite, as production runs it: the compiled server on a data directory,
 * six players bidding in parallel, an Open result declared meanwhile, a backup taken in the
 * middle; the compiled restore program into an empty DATA_DIR (and its refusals), a server started
 * on the restored directory, and every invariant checked there.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../server/db/pglite';
import {
  bidAndBackUp,
  brokenInvariants,
  DRILL_ENV,
  type DrillResult,
  middayZone,
  runRestore,
  startCompiledServer,
} from './helpers/backup-drill';

let dir: string;
let drill: DrillResult;
let sourceBroken: string[] = [];
const tz = middayZone();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'matka-drill-'));
  const server = await startCompiledServer({
    ...DRILL_ENV,
    MARKET_TZ: tz,
    DATA_DIR: join(dir, 'source'),
    BACKUP_DIR: join(dir, 'backups'),
  });
  try {
    drill = await bidAndBackUp(server.url, tz, join(dir, 'backups'));
  } catch (error) {
    await new Promise((r) => setTimeout(r, 500));
    throw new Error(`${(error as Error).message}\n${server.log()}`);
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
  const source = await createPgliteDb({ dataDir: join(dir, 'source') });
  try {
    sourceBroken = await brokenInvariants(source, drill.ackedBefore);
  } finally {
    await source.close();
  }
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('backup and restore drill (PGlite)', () => {
  it('restores a backup taken under bids into an empty DATA_DIR where every invariant holds', async () => {
    expect(sourceBroken).toEqual([]);
    expect(drill.ackedBefore.length).toBeGreaterThan(20);
    const target = join(dir, 'restored');
    const r = runRestore(drill.file, { DATA_DIR: target });
    expect(r.output).toMatch(/Restored \d+ rows/);
    expect(r.code).toBe(0);

    const again = runRestore(drill.file, { DATA_DIR: target });
    expect(again.code).not.toBe(0);
    expect(again.output).toMatch(/is not empty/);

    const server = await startCompiledServer({ ...DRILL_ENV, MARKET_TZ: tz, DATA_DIR: target });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // A player's session survives the restore, and the server answers the restored balance.
      const [id, p] = [...drill.playerBalances][0] as [string, { token: string }];
      const me = await fetch(`${server.url}/api/v1/user/user-details`, {
        headers: { authorization: `Bearer ${p.token}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { data: { _id: string } }).data._id).toBe(id);
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
    const db = await createPgliteDb({ dataDir: target });
    try {
      expect(await brokenInvariants(db, drill.ackedBefore)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('refuses a file changed after the backup, with a message and a non-zero exit', () => {
    const changed = join(dir, 'changed.sql.gz');
    const bytes = readFileSync(drill.file);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] as number) ^ 0x55;
    writeFileSync(changed, bytes);
    cpSync(`${drill.file}.sha256`, `${changed}.sha256`);
    const r = runRestore(changed, { DATA_DIR: join(dir, 'never') });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/does not match its checksum/);
  });
});
