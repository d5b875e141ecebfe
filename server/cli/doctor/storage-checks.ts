import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BACKUP_NAME_RE } from '../../db/backup/format';
import type { Env } from '../../env';
import { type Check, fail, ok, warn } from './report';

const DAY_MS = 86_400_000;

/** Whether this user can create a file in `dir` (a file is written and removed, as the server would). */
function canWrite(dir: string): boolean {
  const probe = join(dir, `.doctor-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** A folder the server writes: there and writable, or creatable in a writable parent. */
function folderCheck(name: string, dir: string, also = ''): Check {
  const full = resolve(dir);
  const fix = `create it for the service user: install -d -o matka -g matka ${full}`;
  if (existsSync(full)) {
    if (!statSync(full).isDirectory()) return fail(name, `${full} is not a folder`, fix);
    return canWrite(full)
      ? ok(name, `${full} writable${also}`)
      : fail(name, `${full} is not writable by this user`, fix);
  }
  const parent = dirname(full);
  return existsSync(parent) && statSync(parent).isDirectory() && canWrite(parent)
    ? ok(name, `${full} will be created (${parent} writable)`)
    : fail(name, `${full} does not exist and ${parent} is not a writable folder`, fix);
}

/** DATA_DIR (PGlite only: it also needs its lock beside it) and BACKUP_DIR. */
export function folderChecks(env: Env): Check[] {
  const data = env.DATABASE_URL
    ? ok('DATA_DIR', 'not used (DATABASE_URL: PostgreSQL)')
    : (() => {
        const c = folderCheck('DATA_DIR', env.DATA_DIR);
        // PGlite's lock file is <DATA_DIR>.lock, beside the folder.
        if (
          c.level === 'ok' &&
          existsSync(resolve(env.DATA_DIR)) &&
          !canWrite(dirname(resolve(env.DATA_DIR)))
        )
          return fail(
            'DATA_DIR',
            `${dirname(resolve(env.DATA_DIR))} is not writable (PGlite keeps its lock there)`,
            "make the folder above DATA_DIR the service user's",
          );
        return c;
      })();
  return [data, folderCheck('BACKUP_DIR', env.BACKUP_DIR)];
}

/** With BACKUP_EVERY_HOURS: a backup file in BACKUP_DIR newer than a day. */
export function backupCheck(env: Env, now = Date.now()): Check {
  if (!env.BACKUP_EVERY_HOURS)
    return warn(
      'backups',
      'none scheduled (BACKUP_EVERY_HOURS unset)',
      'set BACKUP_EVERY_HOURS=24 and copy BACKUP_DIR off this machine every day (docs/going-live.md "Backups")',
    );
  const dir = resolve(env.BACKUP_DIR);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => BACKUP_NAME_RE.test(f)) : [];
  const newest = Math.max(0, ...files.map((f) => statSync(join(dir, f)).mtimeMs));
  if (newest === 0)
    return fail(
      'backups',
      `no backup in ${dir} yet`,
      'start the server (it writes one at once) or take one in the console',
    );
  const age = now - newest;
  if (age > DAY_MS)
    return fail(
      'backups',
      `newest is ${Math.floor(age / 3_600_000)} hours old`,
      'look for "backup failed" in the server log (journalctl -u matka)',
    );
  return ok(
    'backups',
    `${files.length} in ${dir}, newest ${Math.max(0, Math.round(age / 60_000))} minutes old`,
  );
}
