/**
 * Limits and pauses raced on PostgreSQL (issue 20): two server processes on one database (A, and
 * B whose caches never hear of a change), 20 parallel bids or fund orders against one limit never
 * pass it together, and a pause committed while bids of all three families and fund orders of every
 * provider are waiting on the player's row lets not one of them through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { ChangeFeed } from '../../../../server/db/change-feed';
import { createPgDb } from '../../../../server/db/pg';
import type { Db } from '../../../../server/db/types';
import { loadEnv } from '../../../../server/env';
import { createPlayer, type PlayerFixture } from '../../helpers/fixtures';
import { createTestContext, type TestContext, UNLIMITED_ADDRESSES } from '../../helpers/test-app';
import { CashfreeStandin } from '../../payments/helpers/cashfree-standin';
import { assertInvariants } from '../helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from '../helpers/money-fixtures';

const NINE_IST = '2026-11-18T03:30:00Z';
const BASE_ENV = { LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000' };
type App = ReturnType<typeof createApp>;

let t: TestContext;
let b: { db: Db; app: App; close: () => Promise<void> };
let upiApp: App;
let cashfreeApp: App;
let gw: CashfreeStandin;
let main: string;
let starline: string;
let gali: string;

beforeAll(async () => {
  gw = new CashfreeStandin('app-rp', 'secret-responsible-play', async () => ({ status: 200 }));
  await gw.start();
  t = await createTestContext({ now: NINE_IST, env: BASE_ENV });
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  main = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
  starline = await seedGame(t, { family: 'starline', open: '11:00' });
  gali = await seedGame(t, { family: 'galidisawar', open: '11:30' });
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const pool = await createPgDb(url.toString(), { max: 20 });
  const deaf: Db = { ...pool, changes: new ChangeFeed(true) };
  b = { db: deaf, app: createApp({ ...t.deps, db: deaf }), close: () => pool.close() };
  const envOf = (extra: Record<string, string>) =>
    loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      ...UNLIMITED_ADDRESSES,
      ...BASE_ENV,
      ...extra,
    });
  upiApp = createApp({
    ...t.deps,
    db: deaf,
    env: envOf({ PAYMENT_PROVIDER: 'upi', UPI_VPA: 'shop@okaxis', UPI_PAYEE_NAME: 'Shop' }),
  });
  cashfreeApp = createApp({
    ...t.deps,
    env: envOf({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_APP_ID: 'app-rp',
      CASHFREE_SECRET_KEY: 'secret-responsible-play',
      CASHFREE_BASE_URL: gw.baseUrl,
      PUBLIC_URL: 'https://matka.example',
    }),
  });
});
afterAll(async () => {
  await assertInvariants(t.db);
  await b.close();
  await t.close();
  await gw.stop();
});

async function call(app: App, p: PlayerFixture, path: string, body: unknown) {
  const res = await app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}
const viaAB = (i: number) => (i % 2 ? t.app : b.app);

function familyBid(i: number, amount: number): { path: string; body: unknown } {
  const digit = String(i % 10);
  if (i % 3 === 0) {
    return {
      path: '/api/v1/user/main/bids',
      body: { bids: [{ game: main, gameType: 'single-digit', amount, session: 'Open', openDigit: digit }] },
    };
  }
  if (i % 3 === 1) {
    return {
      path: '/api/v1/user/starline-bid',
      body: { bids: [{ game: starline, gameType: 'single-digit', amount, digit }] },
    };
  }
  return {
    path: '/api/v1/admin/galidisawar-bid',
    body: { bids: [{ game: gali, gameType: 'left-digit', amount, digit }] },
  };
}

const sum = async (sql: string, id: string) =>
  Number((await t.db.query<{ n: string }>(sql, [id])).rows[0]?.n ?? 0);

describe('20 parallel requests against one limit, through two processes', () => {
  it.each([
    ['stakeDay', 95],
    ['lossDay', 95],
    ['lossWeek', 95],
    ['lossMonth', 95],
  ])('bids of every family never pass %s together', async (field, limit) => {
    const p = await createPlayer(t, { balance: 10_000 });
    expect(
      (await t.request('PUT', '/api/v1/user/limits', { token: p.token, body: { [field]: limit } })).status,
    ).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const { path, body } = familyBid(i, 10);
        return call(viaAB(i), p, path, body);
      }),
    );
    const accepted = results.filter((r) => r.status === 201).length;
    for (const r of results) {
      expect([201, 422]).toContain(r.status);
      if (r.status === 422) expect(r.body.message).toMatch(/limit reached: you can bid ₹5 more until/);
    }
    expect(accepted).toBe(9);
    expect(await sum('SELECT coalesce(sum(amount_paise), 0) AS n FROM bids WHERE user_id = $1', p.id)).toBe(
      9000,
    );
    expect(await balanceOf(t, p.id)).toBe(10_000 - 90);
  });

  it('fund orders of every provider never pass a deposit limit together', async () => {
    const p = await createPlayer(t);
    await t.request('PUT', '/api/v1/user/limits', { token: p.token, body: { depositDay: 550 } });
    const apps = [t.app, b.app, upiApp, cashfreeApp];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(apps[i % apps.length] as App, p, '/api/v1/user/fund', { amount: 100 }),
      ),
    );
    for (const r of results) {
      expect([201, 422]).toContain(r.status);
      if (r.status === 422)
        expect(r.body.message).toMatch(/^Deposit limit reached: you can add ₹50 more until/);
    }
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(
      await sum(
        `SELECT coalesce(sum(amount_paise), 0) AS n FROM fund_requests WHERE user_id = $1 AND status = 'pending'`,
        p.id,
      ),
    ).toBe(50_000);
  });
});

describe('a pause committed while requests wait on the player', () => {
  it('lets no bid of any family and no fund order of any provider through', async () => {
    const p = await createPlayer(t, { balance: 10_000 });
    // Some of the requests go through a limit (the locked branch), some not: both must stop.
    await t.request('PUT', '/api/v1/user/limits', { token: p.token, body: { lossMonth: 5000 } });
    const q = await createPlayer(t, { balance: 10_000 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another process's transaction sets both players' time-out and holds their rows while the
    // requests arrive; they all wait for it and must see the pause once it commits.
    const pausing = b.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET paused_until = $2::timestamptz + interval '1 day', pause_kind = 'time-out' WHERE id = ANY($1::uuid[])`,
        [[p.id, q.id], NINE_IST],
      );
      locked();
      await held;
    });
    await isLocked;
    const providers = [t.app, upiApp, cashfreeApp];
    const requests = [p, q].flatMap((who) => [
      ...Array.from({ length: 9 }, (_, i) => {
        const { path, body } = familyBid(i, 10);
        return call(viaAB(i), who, path, body);
      }),
      ...providers.map((app) => call(app, who, '/api/v1/user/fund', { amount: 100 })),
    ]);
    await new Promise((r) => setTimeout(r, 400));
    release();
    await pausing;
    const results = await Promise.all(requests);
    for (const r of results) {
      expect(r.status).toBe(403);
      expect(r.body.message).toMatch(/^Your account is paused until 19 Nov 2026, \d\d:\d\d [AP]M$/);
    }
    for (const who of [p, q]) {
      expect(await sum('SELECT count(*) AS n FROM bids WHERE user_id = $1', who.id)).toBe(0);
      expect(await sum('SELECT count(*) AS n FROM fund_requests WHERE user_id = $1', who.id)).toBe(0);
      expect(await balanceOf(t, who.id)).toBe(10_000);
    }
  });
});
