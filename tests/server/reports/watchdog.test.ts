/**
 * The watchdog (issue 36), on both databases: a balance corrupted in SQL is found, alerted once (a
 * local HTTP stand-in for the webhook receives exactly one POST), stays one finding while it
 * lasts, and clears itself when mended; the other checks each find their case and clear; one pass
 * at a time; a failing check leaves its findings; alerts are retried and given up as promised.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { driftingPlayers } from '../../../server/db/repositories/watchdog-checks';
import { EnvError, loadEnv } from '../../../server/env';
import { deliverAlerts, MAX_ATTEMPTS } from '../../../server/services/watchdog/alerts';
import { runWatchdogPass } from '../../../server/services/watchdog/run';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame, seedRates, setBidRange } from '../money/helpers/money-fixtures';
import { startWebhookStandIn } from './helpers/webhook-standin';

const DAY = '2026-11-18';
let t: TestContext;
let hook: Awaited<ReturnType<typeof startWebhookStandIn>>;
let posts: Array<{ path: string; body: Record<string, unknown> }>;
/** What the stand-in answers next (then 200). */
let answers: number[];
let p: PlayerFixture;
let q: PlayerFixture;
let owner: { token: string };
let staff: { token: string };

const pass = () => runWatchdogPass(t.deps, { force: true });
const report = async (token = staff.token) => {
  const res = await t.request('GET', '/api/v1/admin/watchdog', { token });
  expect(res.status).toBe(200);
  return res.body.data as {
    checkedAt: string | null;
    intervalMs: number;
    findings: Array<{ _id: string; kind: string; severity: string; detail: string; userId?: string }>;
    checks: Array<{ kind: string; ok: boolean; ms: number }>;
  };
};
const ofKind = async (kind: string) => (await report()).findings.filter((f) => f.kind === kind);

beforeAll(async () => {
  hook = await startWebhookStandIn();
  ({ posts, answers } = hook);
  t = await createTestContext({
    now: `${DAY}T03:30:00Z`, // 09:00 IST
    env: {
      ALERT_WEBHOOK_URL: `${hook.url}/hooks/T000/B000/secret-part`,
      WATCHDOG_PENDING_MINUTES: '120',
    },
  });
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  p = await createPlayer(t, { balance: 1000 });
  q = await createPlayer(t, { balance: 500 });
  owner = await createAdmin(t);
  staff = await createAdmin(t, undefined, 'staff');
});
afterAll(async () => {
  await t.close();
  await hook.close();
});
beforeEach(() => {
  answers.length = 0;
});

describe('ledger drift', () => {
  it('a clean ledger: a pass finds nothing and says when it ran', async () => {
    const r = await pass();
    expect(r.ran).toBe(true);
    const w = await report();
    expect(w.findings).toEqual([]);
    expect(w.checkedAt).not.toBeNull();
    expect(w.intervalMs).toBe(60_000);
    expect(w.checks.map((c) => c.kind)).toEqual([
      'ledger-drift',
      'stuck-settlement',
      'missed-draw',
      'old-pending',
      'forwarder-quiet',
      'statement-exception',
      'result-conflict',
    ]);
    expect(w.checks.every((c) => c.ok)).toBe(true);
    expect(posts).toEqual([]);
  });

  it('a balance corrupted in SQL is found and alerted once; cleared when mended', async () => {
    await t.db.query('UPDATE users SET balance_paise = balance_paise + 500 WHERE id = $1', [p.id]);
    await pass();
    const [finding, ...others] = await ofKind('ledger-drift');
    expect(others).toEqual([]);
    expect(finding).toMatchObject({ severity: 'critical', userId: p.id });
    expect(finding?.detail).toContain('1,005.00 points');
    expect(finding?.detail).toContain('5.00 points more than the ledger');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/hooks/T000/B000/secret-part');
    expect(posts[0]?.body).toEqual({
      kind: 'ledger-drift',
      severity: 'critical',
      text: `Matka watchdog [critical] ledger-drift: ${finding?.detail}`,
      content: `Matka watchdog [critical] ledger-drift: ${finding?.detail}`,
    });

    // Still wrong on the next passes: the same finding, no second POST.
    await pass();
    await pass();
    expect((await ofKind('ledger-drift')).map((f) => f._id)).toEqual([finding?._id]);
    expect(posts).toHaveLength(1);

    // Mended: the finding clears by itself, and nothing more is sent.
    await t.db.query('UPDATE users SET balance_paise = balance_paise - 500 WHERE id = $1', [p.id]);
    await pass();
    expect(await ofKind('ledger-drift')).toEqual([]);
    expect(posts).toHaveLength(1);
    const row = await t.db.query<{ cleared_at: Date | null; alert_state: string }>(
      'SELECT cleared_at, alert_state FROM watchdog_findings WHERE id = $1',
      [finding?._id],
    );
    expect(row.rows[0]?.cleared_at).not.toBeNull();
    expect(row.rows[0]?.alert_state).toBe('sent');
  });

  it('a ledger row without its balance is found too; coming back is a new finding, alerted again', async () => {
    posts.length = 0;
    await t.db.query(
      `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description) VALUES ($1, -2500, 'adjustment', 'stray', 'Stray')`,
      [q.id],
    );
    await pass();
    const [f] = await ofKind('ledger-drift');
    expect(f).toMatchObject({ userId: q.id });
    expect(f?.detail).toContain('25.00 points more than the ledger');
    await t.db.query(`DELETE FROM ledger WHERE ref_id = 'stray'`);
    await pass();
    expect(await ofKind('ledger-drift')).toEqual([]);
    await t.db.query(
      `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description) VALUES ($1, -2500, 'adjustment', 'stray', 'Stray')`,
      [q.id],
    );
    await pass();
    const [again] = await ofKind('ledger-drift');
    expect(again?._id).not.toBe(f?._id);
    expect(posts).toHaveLength(2);
    await t.db.query(`DELETE FROM ledger WHERE ref_id = 'stray'`);
    await pass();
  });

  it('the sweep reads players in id order, a slice a pass, and wraps around', async () => {
    const ids = (await t.db.query<{ id: string }>('SELECT id::text AS id FROM users ORDER BY id')).rows.map(
      (r) => r.id,
    );
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const [first, second] = ids as [string, string];
    // A balance corrupted without a ledger row: only the sweep's slice that holds it finds it.
    await t.db.query('UPDATE users SET balance_paise = balance_paise + 1 WHERE id = $1', [second]);
    const far = new Date(Date.now() + 3600_000);
    const one = await driftingPlayers(t.db, { userIds: [], ledgerSince: far, after: null, sweep: 1 });
    expect(one).toEqual({ rows: [], checked: 1, next: first });
    const two = await driftingPlayers(t.db, { userIds: [], ledgerSince: far, after: first, sweep: 1 });
    expect(two.rows.map((r) => r.id)).toEqual([second]);
    expect(two).toMatchObject({ checked: 1, next: second });
    // The rest of the players in one slice: it reaches the end, and the next pass starts again.
    const rest = await driftingPlayers(t.db, {
      userIds: [],
      ledgerSince: far,
      after: second,
      sweep: ids.length,
    });
    expect(rest).toMatchObject({ rows: [], checked: ids.length - 2, next: null });
    const none = await driftingPlayers(t.db, {
      userIds: [],
      ledgerSince: far,
      after: ids.at(-1) ?? null,
      sweep: 5,
    });
    expect(none).toEqual({ rows: [], checked: 0, next: null });
    // Named players (open findings) are read wherever the sweep stands.
    const named = await driftingPlayers(t.db, {
      userIds: [second],
      ledgerSince: far,
      after: ids.at(-1) ?? null,
      sweep: 5,
    });
    expect(named.rows.map((r) => r.id)).toEqual([second]);
    await t.db.query('UPDATE users SET balance_paise = balance_paise - 1 WHERE id = $1', [second]);
  });
});

describe('the other checks', () => {
  it('old-pending: a withdrawal waiting over WATCHDOG_PENDING_MINUTES, cleared once decided', async () => {
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'gpay', phoneNumber: '9876543210' },
    });
    const w = await t.request('POST', '/api/v1/user/withdrawal', {
      token: p.token,
      body: { amount: 120, method: 'gpay' },
    });
    expect(w.status).toBe(201);
    await pass();
    expect(await ofKind('old-pending')).toEqual([]);
    await t.db.query(`UPDATE withdrawals SET created_at = now() - interval '3 hours' WHERE id = $1`, [
      w.body.data._id,
    ]);
    await pass();
    const [f] = await ofKind('old-pending');
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f?.detail).toMatch(/^1 withdrawal \(120\.00 points\) waiting over 120 minutes/);
    const rejected = await t.request('POST', `/api/v1/admin/withdrawals/${w.body.data._id}/reject`, {
      token: owner.token,
      body: { reason: 'Testing' },
    });
    expect(rejected.status).toBe(200);
    await pass();
    expect(await ofKind('old-pending')).toEqual([]);
  });

  it('missed-draw: an automatic market whose draw time passed without a result', async () => {
    const game = await seedGame(t, {
      family: 'starline',
      open: '08:30',
      name: 'Auto Star',
      autoResult: true,
    });
    await seedGame(t, { family: 'starline', open: '08:58', name: 'Auto Soon', autoResult: true });
    await pass();
    const found = await ofKind('missed-draw');
    // 08:30 is more than 5 minutes before 09:00; 08:58 is not missed yet.
    expect(found.map((f) => f.detail)).toEqual([
      `Auto Star ${DAY}: the draw due at 18 NOV 2026 08:30 AM has no result`,
    ]);
    // A process that has just started leaves it to its scheduler's first ticks: nothing changes.
    await runWatchdogPass(t.deps, { force: true, warmUpUntil: Date.now() + 60_000 });
    expect(await ofKind('missed-draw')).toHaveLength(1);
    expect((await report()).checks.find((c) => c.kind === 'missed-draw')).toMatchObject({
      ok: true,
      note: 'not judged while the server is starting',
    });
    const declared = await t.request('POST', '/api/v1/admin/results/starline', {
      token: owner.token,
      body: { gameId: game, resultDate: DAY, panna: '128' },
    });
    expect(declared.status).toBe(201);
    await runWatchdogPass(t.deps, { force: true, warmUpUntil: Date.now() + 60_000 });
    expect(await ofKind('missed-draw')).toHaveLength(1);
    await pass();
    expect(await ofKind('missed-draw')).toEqual([]);
  });

  it('stuck-settlement: a declared result whose bids are still pending', async () => {
    const game = await seedGame(t, { family: 'starline', open: '11:00', name: 'Star Stuck' });
    const placed = await t.request('POST', '/api/v1/user/starline-bid', {
      token: q.token,
      body: { bids: [{ game, gameType: 'single-digit', digit: '1', amount: 10 }] },
    });
    expect(placed.status).toBe(201);
    const declared = await t.request('POST', '/api/v1/admin/results/starline', {
      token: owner.token,
      body: { gameId: game, resultDate: DAY, panna: '128' },
    });
    expect(declared.status).toBe(201);
    // Settlement half-done: the bid back to pending, the declaration older than a minute.
    await t.db.query(`UPDATE bids SET status = 'pending', win_paise = 0 WHERE game_id = $1`, [game]);
    await t.db.query(
      `UPDATE results SET open_declared_at = now() - interval '2 minutes' WHERE game_id = $1`,
      [game],
    );
    await t.db.query('UPDATE watchdog_state SET declared_since = NULL');
    await pass();
    const [f] = await ofKind('stuck-settlement');
    expect(f?.severity).toBe('critical');
    expect(f?.detail).toMatch(
      /^Star Stuck 2026-11-18: 1 bid \(10\.00 points\) still pending after its result was declared/,
    );
    // Looked at again every pass while open, though its declaration is behind the window now.
    await pass();
    expect(await ofKind('stuck-settlement')).toHaveLength(1);
    await t.db.query(`UPDATE bids SET status = 'lost' WHERE game_id = $1`, [game]);
    await pass();
    expect(await ofKind('stuck-settlement')).toEqual([]);
  });
});

describe('passes', () => {
  it('one at a time: of two at once, one runs; an interval later, the next', async () => {
    const [x, y] = await Promise.all([pass(), pass()]);
    expect([x.ran, y.ran].sort()).toEqual([false, true]);
    // Without force, the last pass finished less than an interval ago: nothing runs.
    expect((await runWatchdogPass(t.deps)).ran).toBe(false);
  });

  it('a check that fails keeps its findings as they were, and says so', async () => {
    await t.db.query('UPDATE users SET balance_paise = balance_paise + 100 WHERE id = $1', [q.id]);
    await pass();
    expect(await ofKind('ledger-drift')).toHaveLength(1);
    await t.db.query('UPDATE users SET balance_paise = balance_paise - 100 WHERE id = $1', [q.id]);
    const failing = {
      kind: 'ledger-drift',
      severity: 'critical' as const,
      run: async () => {
        throw new Error('statement timeout');
      },
    };
    await runWatchdogPass(t.deps, { force: true, checks: [failing] });
    expect(await ofKind('ledger-drift')).toHaveLength(1);
    expect((await report()).checks).toEqual([
      { kind: 'ledger-drift', ok: false, ms: expect.any(Number), error: 'statement timeout' },
    ]);
    await pass();
    expect(await ofKind('ledger-drift')).toEqual([]);
  });

  it('is for operators', async () => {
    expect((await t.request('GET', '/api/v1/admin/watchdog')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/admin/watchdog', { token: p.token })).status).toBe(403);
  });
});

describe('alerts', () => {
  it('a failing webhook is tried three times at once, then later, then given up', async () => {
    posts.length = 0;
    await t.db.query('UPDATE users SET balance_paise = balance_paise + 7 WHERE id = $1', [q.id]);
    answers.push(500, 502, 503);
    await runWatchdogPass(t.deps, { force: true, checks: [] }); // nothing new: no POST
    expect(posts).toHaveLength(0);
    // The drift pass: three tries at once, all refused (the real pauses are 0.5 s and 2 s).
    await pass();
    expect(posts).toHaveLength(3);
    const row = async () =>
      (
        await t.db.query<{ alert_state: string; alert_attempts: number; alert_error: string; due: boolean }>(
          `SELECT alert_state, alert_attempts, alert_error, alert_next_at > now() AS due
             FROM watchdog_findings WHERE kind = 'ledger-drift' AND cleared_at IS NULL`,
        )
      ).rows[0];
    expect(await row()).toEqual({
      alert_state: 'pending',
      alert_attempts: 3,
      alert_error: 'HTTP 503',
      due: true,
    });
    // When its time comes it goes out once the hook answers.
    await t.db.query(`UPDATE watchdog_findings SET alert_next_at = now() WHERE kind = 'ledger-drift'`);
    expect(await deliverAlerts(t.deps, async () => undefined)).toBe(1);
    expect(posts).toHaveLength(4);
    expect((await row())?.alert_state).toBe('sent');
    // A hook that keeps refusing is given up after MAX_ATTEMPTS, and logged as an error.
    await t.db.query(
      `UPDATE watchdog_findings SET alert_state = 'pending', alert_attempts = $1, alert_next_at = now()
        WHERE kind = 'ledger-drift' AND cleared_at IS NULL`,
      [MAX_ATTEMPTS - 1],
    );
    answers.push(500);
    expect(await deliverAlerts(t.deps, async () => undefined)).toBe(0);
    expect((await row())?.alert_state).toBe('failed');
    expect(t.logLines.some((l) => l.includes('watchdog alert given up') && l.includes('127.0.0.1'))).toBe(
      true,
    );
    // The hook's secret path never reaches the log.
    expect(t.logLines.some((l) => l.includes('secret-part'))).toBe(false);
    await t.db.query('UPDATE users SET balance_paise = balance_paise - 7 WHERE id = $1', [q.id]);
    await pass();
  });

  it('a refusal no retry mends (404) is given up at once', async () => {
    posts.length = 0;
    await t.db.query('UPDATE users SET balance_paise = balance_paise + 9 WHERE id = $1', [q.id]);
    answers.push(404);
    await pass();
    expect(posts).toHaveLength(1);
    const r = await t.db.query<{ alert_state: string }>(
      `SELECT alert_state FROM watchdog_findings WHERE kind = 'ledger-drift' AND cleared_at IS NULL`,
    );
    expect(r.rows[0]?.alert_state).toBe('failed');
    await t.db.query('UPDATE users SET balance_paise = balance_paise - 9 WHERE id = $1', [q.id]);
    await pass();
  });
});

describe('configuration', () => {
  it('defaults: a pass a minute, 120 minutes of waiting, no webhook, no metrics', () => {
    expect(loadEnv({})).toMatchObject({ WATCHDOG_INTERVAL_MS: 60_000, WATCHDOG_PENDING_MINUTES: 120 });
    expect(loadEnv({}).ALERT_WEBHOOK_URL).toBeUndefined();
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
  });

  it.each([
    [{ ALERT_WEBHOOK_URL: 'not a url' }, 'ALERT_WEBHOOK_URL'],
    [{ ALERT_WEBHOOK_URL: 'ftp://hooks.example/x' }, 'ALERT_WEBHOOK_URL'],
    [{ WATCHDOG_INTERVAL_MS: '10' }, 'WATCHDOG_INTERVAL_MS'],
    [{ WATCHDOG_PENDING_MINUTES: '0' }, 'WATCHDOG_PENDING_MINUTES'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'has spaces in the token value' }, 'METRICS_TOKEN'],
  ])('refuses %j naming %s', (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(name);
  });
});
