/**
 * The watchdog across two server processes on one PostgreSQL (issue 36): both run the loop every
 * second, the lease lets one pass run at a time, and a balance corrupted in SQL is found, POSTed to
 * the webhook exactly once (a local stand-in counts), and cleared once mended.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, LIFTED_LIMITS, newPlayer } from '../../../scripts/bench/helpers.mjs';
import { startWebhookStandIn } from '../../server/reports/helpers/webhook-standin';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../helpers/server-process';

let db: { url: string; drop: () => Promise<void> };
let a: ServerProcess;
let b: ServerProcess;
let hook: Awaited<ReturnType<typeof startWebhookStandIn>>;

beforeAll(async () => {
  hook = await startWebhookStandIn();
  db = await freshPostgres();
  const env = {
    NODE_ENV: 'development',
    DEMO_SEED: 'false',
    ADMIN_USERNAME: 'watch-owner',
    ADMIN_PASSWORD: 'watch-owner-pass',
    DATABASE_URL: db.url,
    WATCHDOG_INTERVAL_MS: '1000',
    ALERT_WEBHOOK_URL: `${hook.url}/hook`,
    ...LIFTED_LIMITS,
  };
  a = await startCompiledServer(env);
  b = await startCompiledServer(env);
}, 120_000);
afterAll(async () => {
  for (const s of [a, b]) if (s && s.proc.exitCode === null) s.proc.kill('SIGKILL');
  await Promise.all([a?.exited, b?.exited]);
  await db?.drop();
  await hook?.close();
});

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the watchdog in two processes', () => {
  it('finds a corrupted balance once, alerts once, clears it when mended', async () => {
    const callA = client(a.url);
    const callB = client(b.url);
    const owner = await callA('POST', '/api/v1/admin/login', {
      body: { username: 'watch-owner', password: 'watch-owner-pass' },
    });
    const player = await newPlayer(callA, owner.token, '9812300077');
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const findings = async () =>
        (await callB('GET', '/api/v1/admin/watchdog', { token: owner.token })).data.findings as Array<{
          _id: string;
          kind: string;
          userId?: string;
        }>;
      await until(
        async () => (await callA('GET', '/api/v1/admin/watchdog', { token: owner.token })).data.checkedAt,
        (at) => at !== null,
      );
      expect(await findings()).toEqual([]);
      await sql.query('UPDATE users SET balance_paise = balance_paise + 12345 WHERE id = $1', [player.id]);
      const found = await until(findings, (f) => f.length > 0);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ kind: 'ledger-drift', userId: player.id });
      await until(
        async () => hook.posts.length,
        (n) => n > 0,
      );
      // Several more passes by either process: still one finding, still one POST.
      const state = async () =>
        (await sql.query('SELECT checked_at FROM watchdog_state WHERE id = 1')).rows[0].checked_at as Date;
      const seen = await state();
      await until(state, (at) => at.getTime() - seen.getTime() >= 3000, 15_000);
      expect((await findings()).map((f) => f._id)).toEqual([found[0]?._id]);
      expect(hook.posts).toHaveLength(1);
      expect(hook.posts[0]?.body).toMatchObject({ kind: 'ledger-drift', severity: 'critical' });
      await sql.query('UPDATE users SET balance_paise = balance_paise - 12345 WHERE id = $1', [player.id]);
      expect(await until(findings, (f) => f.length === 0)).toEqual([]);
      expect(hook.posts).toHaveLength(1);
    } finally {
      await sql.end();
    }
  }, 90_000);
});
