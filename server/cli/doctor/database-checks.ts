import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { connectDb } from '../../db/connect';
import { lockPathFor } from '../../db/pglite';
import { databaseClock } from '../../db/repositories/clock';
import type { Db } from '../../db/types';
import type { Env } from '../../env';
import { forwarderHealth } from '../../services/payments/upi-notify';
import { appliedMigration, expectedMigration } from '../../services/reports/health';
import { type Check, fail, ok, warn } from './report';

/** Rejects when `work` takes longer than `seconds` (a database host that never answers). */
function withinSeconds<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The database's clock may differ from this machine's by at most this (bid windows, results). */
export const MAX_CLOCK_SKEW_MS = 2000;
const MINUTE = 60_000;

/** The pid holding PGlite's lock on DATA_DIR, when that process is alive (a running server). */
function pgliteHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockPathFor(dataDir), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? -1 : null;
  }
}

/** The server itself, on the address the proxy reaches it at. */
function serverUrl(env: Env, path: string): string {
  const host = ['0.0.0.0', '::', ''].includes(env.HOST) ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}${path}`;
}

/** Judges the forwarder from when it was last heard and whether orders wait on it now. */
export function forwarderVerdict(env: Env, lastReceivedAt: string | null, quiet: boolean): Check {
  const fix =
    "set up the forwarder on the payee's phone and let it forward one bank SMS (docs/upi-auto-match.md)";
  if (!lastReceivedAt) return fail('forwarder', 'never heard from: no payment message has arrived', fix);
  const ago = Math.round((Date.now() - Date.parse(lastReceivedAt)) / MINUTE);
  if (quiet)
    return fail(
      'forwarder',
      `silent for ${ago} minutes while deposits wait (UPI_NOTIFY_QUIET_MINUTES=${env.UPI_NOTIFY_QUIET_MINUTES})`,
      fix,
    );
  return ok('forwarder', `last message ${ago} minutes ago`);
}

/** The database's clock against this machine's (`localNow`), measured at the round trip's middle. */
export async function clockCheck(db: Db, localNow: () => number = Date.now): Promise<Check> {
  const before = localNow();
  const at = await databaseClock(db);
  const skew = Math.round((at ? at.getTime() : 0) - (before + localNow()) / 2);
  return Math.abs(skew) <= MAX_CLOCK_SKEW_MS
    ? ok('clock', `within ${Math.abs(skew)} ms of the database's`)
    : fail(
        'clock',
        `${skew} ms from the database's`,
        'turn on time sync on both machines (timedatectl set-ntp true)',
      );
}

/** Reachable and migrated, the clocks agree, and the forwarder has been heard (UPI_AUTO_MATCH). */
async function directChecks(env: Env, db: Db, where: string, clockToo: boolean): Promise<Check[]> {
  const checks: Check[] = [];
  const applied = await appliedMigration(db);
  const expected = expectedMigration();
  checks.push(
    applied >= expected
      ? ok('database', `${where}, migrated (${applied})`)
      : fail(
          'database',
          `${where}, at migration ${applied} of ${expected}`,
          'start the server: it applies them first',
        ),
  );
  checks.push(clockToo ? await clockCheck(db) : ok('clock', "PGlite runs on this machine's clock"));
  if (env.UPI_AUTO_MATCH) {
    const h = await forwarderHealth(db, env);
    checks.push(forwarderVerdict(env, h.lastReceivedAt, h.quiet));
  } else checks.push(ok('forwarder', 'not used (UPI_AUTO_MATCH off)'));
  return checks;
}

/** PGlite held by the running server: ask the server (/readyz, and /metrics for the forwarder). */
async function throughServer(env: Env, pid: number): Promise<Check[]> {
  const checks: Check[] = [];
  try {
    const r = await fetch(serverUrl(env, '/readyz'), { signal: AbortSignal.timeout(10_000) });
    const body = (await r.json()) as { status?: string; migration?: number };
    checks.push(
      r.ok
        ? ok(
            'database',
            `PGlite in ${resolve(env.DATA_DIR)}, served by process ${pid}: ready (migration ${body.migration})`,
          )
        : fail(
            'database',
            `the server answers /readyz ${r.status} (${body.status})`,
            'see its log: journalctl -u matka',
          ),
    );
  } catch (error) {
    checks.push(
      fail(
        'database',
        `PGlite is held by process ${pid}, which does not answer on ${serverUrl(env, '')}: ${(error as Error).message}`,
        'check HOST and PORT',
      ),
    );
  }
  checks.push(ok('clock', "PGlite runs on this machine's clock"));
  if (!env.UPI_AUTO_MATCH) checks.push(ok('forwarder', 'not used (UPI_AUTO_MATCH off)'));
  else if (!env.METRICS_TOKEN)
    checks.push(
      warn(
        'forwarder',
        'not checked: the running server holds PGlite',
        'set METRICS_TOKEN so the doctor can ask it',
      ),
    );
  else {
    try {
      const r = await fetch(serverUrl(env, '/metrics'), {
        headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await r.text();
      const heard = Number(
        /^matka_payment_notify_last_received_timestamp_seconds (\S+)$/m.exec(text)?.[1] ?? 0,
      );
      const quiet = /^matka_watchdog_findings\{[^}]*kind="forwarder-quiet"[^}]*\} [1-9]/m.test(text);
      checks.push(forwarderVerdict(env, heard > 0 ? new Date(heard * 1000).toISOString() : null, quiet));
    } catch (error) {
      checks.push(
        fail(
          'forwarder',
          `the server's /metrics did not answer: ${(error as Error).message}`,
          'check METRICS_TOKEN',
        ),
      );
    }
  }
  return checks;
}

/** The database checks, on PostgreSQL directly, on PGlite directly or through the server holding it. */
export async function databaseChecks(env: Env): Promise<Check[]> {
  if (!env.DATABASE_URL) {
    const pid = pgliteHolder(env.DATA_DIR);
    if (pid !== null) return throughServer(env, pid);
    const dir = resolve(env.DATA_DIR);
    if (!existsSync(dir))
      return [
        fail(
          'database',
          `no PGlite database in ${dir} yet`,
          'start the server once: it creates and migrates it',
        ),
      ];
    if (!statSync(dir).isDirectory())
      return [fail('database', `DATA_DIR ${dir} is not a folder`, 'point DATA_DIR at the database folder')];
  }
  const where = env.DATABASE_URL
    ? `PostgreSQL ${new URL(env.DATABASE_URL).host}`
    : `PGlite in ${resolve(env.DATA_DIR)}`;
  let db: Db | null = null;
  try {
    db = await connectDb({ ...env, DB_POOL_MAX: 1 });
    return await withinSeconds(directChecks(env, db, where, Boolean(env.DATABASE_URL)), 15);
  } catch (error) {
    return [
      fail(
        'database',
        `${where}: ${(error as Error).message}`,
        'check DATABASE_URL and that PostgreSQL runs and lets this user in',
      ),
      warn('clock', 'not checked: no database', 'fix the database first'),
    ];
  } finally {
    await db?.close().catch(() => {});
  }
}
