import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_MAX_ATTEMPTS, sendDueSms, startSmsWorker } from '../../server/services/sms/worker';
import { createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { seedGame } from '../server/money/helpers/money-fixtures';
import { startSmsGateway } from './helpers/sms-gateway';

/**
 * "A slow SMS gateway stalls the whole server": the API must answer from the database alone. With
 * a gateway that hangs, 30 OTP requests answer at once, and the market list and the status
 * answer in under a second while the sends hang; the worker retries when the gateway recovers.
 */
let t: TestContext;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
let stopWorker: () => Promise<void>;
let players: PlayerFixture[];

beforeAll(async () => {
  gateway = await startSmsGateway('hang');
  t = await createTestContext({
    env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: gateway.url, SMS_HTTP_TIMEOUT_MS: '2000' },
  });
  await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
  players = await Promise.all(Array.from({ length: 30 }, () => createPlayer(t)));
  stopWorker = startSmsWorker({ db: t.db, env: t.env, logger: t.deps.logger }, 50);
});
afterAll(async () => {
  await stopWorker();
  await gateway.close();
  await t.close();
});

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const outbox = async () =>
  (
    await t.db.query<{ phone: string; status: string; text: string; sealed_text: string | null }>(
      'SELECT phone, status, text, sealed_text FROM sms_outbox',
    )
  ).rows;

describe('a hanging SMS gateway', () => {
  it('30 OTP requests answer at once while the gateway hangs, and reads stay fast', async () => {
    const sends = await Promise.all(
      players.map((p) =>
        timed(() => t.request('POST', '/api/v1/user/forget-password', { body: { phone: p.phone } })),
      ),
    );
    for (const s of sends) expect(s.value.status).toBe(200);
    expect(Math.max(...sends.map((s) => s.ms))).toBeLessThan(1000);

    // The worker now holds sends open against the hanging gateway.
    await until(async () => gateway.hanging() >= 10);
    for (let i = 0; i < 5; i++) {
      const list = await timed(() => t.request('GET', '/api/v1/admin/main-games'));
      const status = await timed(() => t.request('GET', '/api/v1/status'));
      expect(list.value.status).toBe(200);
      expect(status.value.status).toBe(200);
      expect(list.ms).toBeLessThan(1000);
      expect(status.ms).toBeLessThan(1000);
    }
    expect(gateway.hanging()).toBeGreaterThanOrEqual(10);
    // No code is readable on our side while it waits: masked text, sealed copy.
    for (const row of await outbox()) {
      expect(row.text).toMatch(/^\*\*\*\* is your password reset OTP/);
      expect(row.sealed_text).not.toContain(' OTP');
    }
  });

  it('delivers every message once the gateway recovers, then drops the sealed copies', async () => {
    gateway.setMode('ok');
    // Timed-out sends wait for their back-off; bring the retries forward instead of sleeping.
    await until(async () => {
      await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE status = 'pending'`);
      return (await outbox()).every((r) => r.status === 'sent');
    });
    for (const row of await outbox()) expect(row.sealed_text).toBeNull();
    const delivered = gateway.calls.filter((c) => c.mode === 'ok');
    expect(new Set(delivered.map((c) => c.phone))).toEqual(new Set(players.map((p) => p.phone)));
    // The delivered text carries the real code: it verifies.
    const p = players[0] as PlayerFixture;
    const code = /^(\d{4}) /.exec(delivered.find((c) => c.phone === p.phone)?.text ?? '')?.[1];
    const verified = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: code, phone: p.phone, purpose: 'password' },
    });
    expect(verified.status).toBe(200);
  });

  it('a failing gateway is retried with back-off and given up after the attempts, code dropped', async () => {
    await stopWorker();
    gateway.setMode('fail');
    const p = await createPlayer(t);
    await t.request('POST', '/api/v1/user/forget-password', { body: { phone: p.phone } });
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE phone = $1`, [p.phone]);
      expect(await sendDueSms({ db: t.db, env: t.env, logger: t.deps.logger })).toBe(1);
    }
    const row = await t.db.query<{
      status: string;
      attempts: number;
      sealed_text: string | null;
      error: string;
    }>('SELECT status, attempts, sealed_text, error FROM sms_outbox WHERE phone = $1', [p.phone]);
    expect(row.rows[0]).toEqual({
      status: 'failed',
      attempts: SMS_MAX_ATTEMPTS,
      sealed_text: null,
      error: 'HTTP 500',
    });
    expect(gateway.calls.filter((c) => c.phone === p.phone)).toHaveLength(SMS_MAX_ATTEMPTS);
    expect(await sendDueSms({ db: t.db, env: t.env, logger: t.deps.logger })).toBe(0);
  });
});
