/**
 * Responsible play (issue 20, docs/api.md "Responsible play"): 18+ at registration, the player's
 * limits (stricter at once, looser after 24 hours), refusals that name the limit, what is left and
 * when it resets, time-out and self-exclusion that nobody can shorten, the play summary, the
 * operators' read-only views, and result pushes that leave a paused player alone. The races are in
 * pg-only/responsible-play-races.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PushSender, sendQueuedPushes } from '../../../server/services/push/worker';
import { createAdmin, createPlayer, nextPhone, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// Wednesday 2026-11-18, 09:00 in Asia/Kolkata.
const NINE_IST = '2026-11-18T03:30:00Z';
const MAIN = '/api/v1/user/main/bids';
const STARLINE = '/api/v1/user/starline-bid';
const GALI = '/api/v1/admin/galidisawar-bid';

let t: TestContext;
let op: { token: string };
let main: string;
let starline: string;
let gali: string;

beforeAll(async () => {
  t = await createTestContext({ now: NINE_IST });
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  op = await createAdmin(t);
  main = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Kalyan' });
  starline = await seedGame(t, { family: 'starline', open: '11:00', name: 'Star 11' });
  gali = await seedGame(t, { family: 'galidisawar', open: '11:30', name: 'Gali' });
});
afterEach(async () => {
  t.clock.set(NINE_IST);
  await assertInvariants(t.db);
});
afterAll(() => t.close());

const mainBid = (p: PlayerFixture, amount: number, digit = '1') =>
  t.request('POST', MAIN, {
    token: p.token,
    body: { bids: [{ game: main, gameType: 'single-digit', amount, session: 'Open', openDigit: digit }] },
  });
const limits = (p: PlayerFixture) => t.request('GET', '/api/v1/user/limits', { token: p.token });
const setLimits = (p: PlayerFixture, body: unknown) =>
  t.request('PUT', '/api/v1/user/limits', { token: p.token, body });
/** Saves a GPay method and asks for 100 out of the wallet. */
async function withdraw100(p: PlayerFixture) {
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: p.token,
    body: { method: 'gpay', phoneNumber: '9876543210' },
  });
  return t.request('POST', '/api/v1/user/withdrawal', {
    token: p.token,
    body: { amount: 100, method: 'gpay' },
  });
}
const fund = (p: PlayerFixture, amount: number) =>
  t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount } });

describe('18+ at registration', () => {
  it('refuses a registration without the confirmation and stores its time with it', async () => {
    const phone = nextPhone();
    const body = { name: 'Asha', phone, password: 'secret12' };
    const without = await t.request('POST', '/api/v1/user/register', { body });
    expect(without.status).toBe(422);
    expect(without.body).toMatchObject({
      status: false,
      message: 'You must be 18 or older to play',
      errors: { adult: 'You must be 18 or older to play' },
    });
    const no = await t.request('POST', '/api/v1/user/register', { body: { ...body, adult: false } });
    expect(no.status).toBe(422);
    expect((await t.db.query('SELECT 1 FROM users WHERE phone = $1', [phone])).rows).toEqual([]);
    const yes = await t.request('POST', '/api/v1/user/register', { body: { ...body, adult: true } });
    expect(yes.status).toBe(200);
    const row = await t.db.query<{ adult_confirmed_at: Date | null }>(
      'SELECT adult_confirmed_at FROM users WHERE phone = $1',
      [phone],
    );
    expect(row.rows[0]?.adult_confirmed_at).toBeInstanceOf(Date);
  });
});

describe('limits: stricter at once, looser after 24 hours', () => {
  it('answers no limits, then a lower value at once and a higher one as pending', async () => {
    const p = await createPlayer(t, { balance: 1000 });
    const none = await limits(p);
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({
      limits: { depositDay: null, lossWeek: null, stakeDay: null },
      pending: [],
      usage: { depositDay: 0, stakeDay: 0, lossDay: 0 },
      pause: null,
      realityCheckMinutes: 60,
    });

    const set = await setLimits(p, { stakeDay: 100, lossWeek: 500, realityCheckMinutes: 15 });
    expect(set.status).toBe(200);
    expect(set.body.data.limits).toMatchObject({ stakeDay: 100, lossWeek: 500 });
    expect(set.body.data.realityCheckMinutes).toBe(15);

    const looser = await setLimits(p, { stakeDay: 300, lossWeek: null });
    expect(looser.body.data.limits).toMatchObject({ stakeDay: 100, lossWeek: 500 });
    const effectiveAt = new Date(new Date(NINE_IST).getTime() + 24 * 3600_000).toISOString();
    expect(looser.body.data.pending).toEqual([
      { field: 'lossWeek', value: null, effectiveAt },
      { field: 'stakeDay', value: 300, effectiveAt },
    ]);

    // A stricter value cancels the pending looser one at once.
    const stricter = await setLimits(p, { stakeDay: 50 });
    expect(stricter.body.data.limits.stakeDay).toBe(50);
    expect(stricter.body.data.pending).toEqual([{ field: 'lossWeek', value: null, effectiveAt }]);

    t.clock.advance(24 * 3600_000 - 1000);
    expect((await limits(p)).body.data.limits.lossWeek).toBe(500);
    t.clock.advance(1000);
    const later = await limits(p);
    expect(later.body.data.limits).toMatchObject({ lossWeek: null, stakeDay: 50 });
    expect(later.body.data.pending).toEqual([]);
  });

  it.each([
    [{ stakeDay: -1 }, 'stakeDay'],
    [{ stakeDay: 1.5 }, 'stakeDay'],
    [{ stakeDay: '100' }, 'stakeDay'],
    [{ realityCheckMinutes: 45 }, 'realityCheckMinutes'],
    [{ bogus: 1 }, ''],
    [{}, ''],
  ])('refuses %j with 400', async (body, field) => {
    const p = await createPlayer(t);
    const res = await setLimits(p, body);
    expect(res.status).toBe(400);
    if (field) expect(Object.keys(res.body.errors)).toContain(field);
  });
});

describe('a bid that would pass a limit', () => {
  it('is refused as a whole with the daily stake limit, what is left and when it resets', async () => {
    const p = await createPlayer(t, { balance: 1000 });
    await setLimits(p, { stakeDay: 100 });
    expect((await mainBid(p, 60)).status).toBe(201);
    const refused = await t.request('POST', MAIN, {
      token: p.token,
      body: {
        bids: [
          { game: main, gameType: 'single-digit', amount: 20, session: 'Open', openDigit: '2' },
          { game: main, gameType: 'single-digit', amount: 30, session: 'Open', openDigit: '3' },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Daily stake limit reached: you can bid ₹40 more until 19 Nov, 12:00 AM',
    );
    expect(await balanceOf(t, p.id)).toBe(940);
    expect((await mainBid(p, 40)).status).toBe(201);
    expect((await limits(p)).body.data.usage.stakeDay).toBe(100);
    expect((await mainBid(p, 1)).status).toBe(422);
  });

  it('counts a loss limit over the week, net of wins, in every family', async () => {
    const p = await createPlayer(t, { balance: 1000 });
    const week = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    await setLimits(p, { lossWeek: 50 });
    const first = await t.request('POST', MAIN, {
      token: p.token,
      body: { bids: [{ game: week, gameType: 'single-digit', amount: 30, session: 'Open', openDigit: '1' }] },
    });
    expect(first.status).toBe(201);
    const star = await t.request('POST', STARLINE, {
      token: p.token,
      body: { bids: [{ game: starline, gameType: 'single-digit', amount: 30, digit: '5' }] },
    });
    expect(star.status).toBe(422);
    expect(star.body.message).toBe('Loss limit reached: you can bid ₹20 more until 23 Nov, 12:00 AM');
    // A win counts against the loss: the open result 137 (ank 1) wins the first bid.
    const declared = await t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: week, resultDate: '2026-11-18', session: 'open', panna: '137' },
    });
    expect(declared.status).toBe(201);
    const won = (
      await t.db.query<{ w: number }>('SELECT win_paise AS w FROM bids WHERE user_id = $1', [p.id])
    ).rows[0]?.w as number;
    expect(won).toBeGreaterThan(4000);
    expect((await limits(p)).body.data.usage.lossWeek).toBe(30 - won / 100);
    const gal = await t.request('POST', GALI, {
      token: p.token,
      body: { bids: [{ game: gali, gameType: 'left-digit', amount: 60, digit: '7' }] },
    });
    expect(gal.status).toBe(201);
  });

  it('shows points, not rupees, in points mode', async () => {
    const pts = await createTestContext({ now: NINE_IST, env: { MONEY_MODE: 'points' } });
    try {
      await seedRates(pts);
      await setBidRange(pts, 1, 10000);
      const g = await seedGame(pts, { family: 'main', open: '10:00', close: '12:00' });
      const p = await createPlayer(pts, { balance: 1000 });
      await pts.request('PUT', '/api/v1/user/limits', { token: p.token, body: { lossDay: 25 } });
      const res = await pts.request('POST', MAIN, {
        token: p.token,
        body: { bids: [{ game: g, gameType: 'single-digit', amount: 30, session: 'Open', openDigit: '1' }] },
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Loss limit reached: you can bid 25 points more until 19 Nov, 12:00 AM');
    } finally {
      await pts.close();
    }
  });
});

describe('a fund order that would pass a deposit limit', () => {
  it('counts pending and successful orders, not an operator credit', async () => {
    const p = await createPlayer(t, { balance: 5000 }); // an operator's credit: not a deposit
    await setLimits(p, { depositDay: 1000, depositMonth: 1500 });
    const first = await fund(p, 600);
    expect(first.status).toBe(201);
    const paidOrder = first.body.data.orderId;
    const refused = await fund(p, 500);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Deposit limit reached: you can add ₹400 more until 19 Nov, 12:00 AM');
    expect((await fund(p, 400)).status).toBe(201);
    // A failed order no longer counts; the 600 was paid, and money received counts for good (a
    // pending one would stop counting when its window ended). The rows are dated to the test
    // clock's day, as the server dates them with the database clock.
    await t.db.query(
      `UPDATE fund_requests SET status = 'rejected' WHERE user_id = $1 AND amount_paise = 40000`,
      [p.id],
    );
    await t.request('POST', `/api/payment/checkout/${paidOrder}/pay`);
    await t.db.query('UPDATE fund_requests SET created_at = $2 WHERE user_id = $1', [p.id, NINE_IST]);
    t.clock.advance(24 * 3600_000); // a new day, the same month
    expect((await limits(p)).body.data.usage).toMatchObject({
      depositDay: 0,
      depositWeek: 600,
      depositMonth: 600,
    });
    const month = await fund(p, 1000);
    expect(month.status).toBe(422);
    expect(month.body.message).toBe('Deposit limit reached: you can add ₹900 more until 01 Dec, 12:00 AM');
    const rows = await t.db.query('SELECT 1 FROM fund_requests WHERE user_id = $1', [p.id]);
    expect(rows.rows).toHaveLength(2);
  });
});

describe('time-out and self-exclusion', () => {
  it('stops bids of every family and fund orders; withdrawals and reads go on', async () => {
    const p = await createPlayer(t, { balance: 1000 });
    expect((await mainBid(p, 10)).status).toBe(201);
    const out = await t.request('POST', '/api/v1/user/time-out', { token: p.token, body: { days: 1 } });
    expect(out.status).toBe(200);
    expect(out.body.data.pause).toEqual({ kind: 'time-out', until: '2026-11-19T03:30:00.000Z' });
    // The player object says it too, so every screen knows without a read of its own (issue 39).
    const me = await t.request('GET', '/api/v1/user/user-details', { token: p.token });
    expect(me.body.data.pausedUntil).toBe('2026-11-19T03:30:00.000Z');
    // To the minute: a pause ends at a time (issue 39).
    const paused = 'Your account is paused until 19 Nov 2026, 09:00 AM';
    for (const res of [
      await mainBid(p, 10),
      await t.request('POST', STARLINE, {
        token: p.token,
        body: { bids: [{ game: starline, gameType: 'single-digit', amount: 10, digit: '5' }] },
      }),
      await t.request('POST', GALI, {
        token: p.token,
        body: { bids: [{ game: gali, gameType: 'left-digit', amount: 10, digit: '7' }] },
      }),
      await fund(p, 100),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(paused);
    }
    // The same refusal in the player's language (issue 22): the date with the language's month.
    const hindi = await t.request('POST', MAIN, {
      token: p.token,
      headers: { 'accept-language': 'hi' },
      body: { bids: [{ game: main, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '1' }] },
    });
    expect(hindi.status).toBe(403);
    expect(hindi.body.message).toBe('आपका खाता 19 नव॰ 2026, 09:00 AM तक रुका हुआ है');
    expect(await balanceOf(t, p.id)).toBe(990);
    expect((await withdraw100(p)).status).toBe(201);
    expect((await limits(p)).body.data.pause).toMatchObject({ kind: 'time-out' });
    const history = await t.request('GET', '/api/v1/user/all-bids', { token: p.token });
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(1);

    // The day after, play resumes by itself.
    t.clock.set('2026-11-19T03:31:00Z');
    expect((await limits(p)).body.data.pause).toBeNull();
  });

  it('can only be lengthened: a shorter one is 409, a self-exclusion may follow a time-out', async () => {
    const p = await createPlayer(t, { balance: 100 });
    expect(
      (await t.request('POST', '/api/v1/user/time-out', { token: p.token, body: { days: 7 } })).status,
    ).toBe(200);
    const shorter = await t.request('POST', '/api/v1/user/time-out', { token: p.token, body: { days: 1 } });
    expect(shorter.status).toBe(409);
    const longer = await t.request('POST', '/api/v1/user/self-exclusion', {
      token: p.token,
      body: { months: 6 },
    });
    expect(longer.status).toBe(200);
    expect(longer.body.data.pause).toEqual({ kind: 'self-exclusion', until: '2027-05-18T03:30:00.000Z' });
    const back = await t.request('POST', '/api/v1/user/time-out', { token: p.token, body: { days: 30 } });
    expect(back.status).toBe(409);
    const res = await mainBid(p, 10);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your account is paused until 18 May 2027, 09:00 AM');
    expect(
      (await t.request('POST', '/api/v1/user/self-exclusion', { token: p.token, body: { months: 3 } }))
        .status,
    ).toBe(400);
  });

  it('the database itself refuses to shorten or lift a running pause, whoever asks', async () => {
    const p = await createPlayer(t);
    await t.db.query(
      `UPDATE users SET paused_until = now() + interval '10 days', pause_kind = 'time-out' WHERE id = $1`,
      [p.id],
    );
    await expect(t.db.query('UPDATE users SET paused_until = NULL WHERE id = $1', [p.id])).rejects.toThrow(
      /cannot be shortened/,
    );
    await expect(t.db.query(`UPDATE users SET paused_until = now() WHERE id = $1`, [p.id])).rejects.toThrow(
      /cannot be shortened/,
    );
    // No operator route changes it either: switching betting on leaves the pause as it was.
    const patch = await t.request('PATCH', `/api/v1/admin/users/${p.id}`, {
      token: op.token,
      body: { globel_batting: true },
    });
    expect(patch.status).toBe(200);
    const row = await t.db.query<{ later: boolean }>(
      `SELECT paused_until > now() + interval '9 days' AS later FROM users WHERE id = $1`,
      [p.id],
    );
    expect(row.rows[0]?.later).toBe(true);
  });
});

describe('result pushes leave a paused player alone', () => {
  it('a broadcast skips their device and no win push is queued, their withdrawal push still is', async () => {
    const paused = await createPlayer(t, { balance: 1000 });
    const playing = await createPlayer(t, { balance: 1000 });
    await t.db.query(
      `INSERT INTO device_tokens (user_id, token) VALUES ($1, 'tok-paused'), ($2, 'tok-playing')`,
      [paused.id, playing.id],
    );
    const g = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    for (const p of [paused, playing]) {
      const r = await t.request('POST', MAIN, {
        token: p.token,
        body: { bids: [{ game: g, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '6' }] },
      });
      expect(r.status).toBe(201);
    }
    await t.db.query(
      `UPDATE users SET paused_until = now() + interval '1 day', pause_kind = 'time-out' WHERE id = $1`,
      [paused.id],
    );
    await t.db.query(`UPDATE push_outbox SET status = 'sent'`);
    const declared = await t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: g, resultDate: '2026-11-18', session: 'open', panna: '123' },
    });
    expect(declared.status).toBe(201);
    const rows = await t.db.query<{ user_id: string | null; title: string }>(
      `SELECT user_id, title FROM push_outbox WHERE status = 'pending'`,
    );
    const wins = rows.rows.filter((r) => r.title === 'You won!').map((r) => r.user_id);
    expect(wins).toEqual([playing.id]);
    // The win is paid all the same.
    expect(await balanceOf(t, paused.id)).toBeGreaterThan(990);
    expect(await balanceOf(t, paused.id)).toBe(await balanceOf(t, playing.id));

    const sent: string[][] = [];
    const sender: PushSender = async (tokens) => {
      sent.push(tokens);
      return { dead: [] };
    };
    await sendQueuedPushes(t.db, sender, undefined, 500);
    const broadcast = sent.find((tokens) => tokens.includes('tok-playing') && tokens.length > 1);
    expect(broadcast ?? sent.flat()).not.toContain('tok-paused');
    expect(sent.flat()).toContain('tok-playing');

    // Their withdrawal's push is theirs: it still reaches them.
    const w = await withdraw100(paused);
    expect(w.status).toBe(201);
    expect(
      (await t.request('POST', `/api/v1/admin/withdrawals/${w.body.data._id}/approve`, { token: op.token }))
        .status,
    ).toBe(200);
    sent.length = 0;
    await sendQueuedPushes(t.db, sender, undefined, 500);
    expect(sent).toEqual([['tok-paused']]);
  });
});

describe('play summary and the operators', () => {
  it('sums the bids placed since an instant', async () => {
    const p = await createPlayer(t, { balance: 1000 });
    const since = new Date(Date.now() - 1000).toISOString();
    const g = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    for (const [amount, digit] of [
      [10, '1'],
      [15, '2'],
    ] as const) {
      const r = await t.request('POST', MAIN, {
        token: p.token,
        body: { bids: [{ game: g, gameType: 'single-digit', amount, session: 'Open', openDigit: digit }] },
      });
      expect(r.status).toBe(201);
    }
    await t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: g, resultDate: '2026-11-18', session: 'open', panna: '137' },
    });
    const wins = (
      await t.db.query<{ w: number }>('SELECT sum(win_paise)::int8 AS w FROM bids WHERE user_id = $1', [p.id])
    ).rows[0]?.w as number;
    expect(wins).toBeGreaterThan(0);
    const res = await t.request('GET', `/api/v1/user/play-summary?since=${encodeURIComponent(since)}`, {
      token: p.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ since, bids: 2, stakes: 25, wins: wins / 100, net: wins / 100 - 25 });
    const future = await t.request('GET', '/api/v1/user/play-summary?since=2999-01-01T00:00:00Z', {
      token: p.token,
    });
    expect(future.body.data).toMatchObject({ bids: 0, stakes: 0, wins: 0, net: 0 });
    expect(
      (await t.request('GET', '/api/v1/user/play-summary?since=yesterday', { token: p.token })).status,
    ).toBe(400);
    expect((await t.request('GET', '/api/v1/user/play-summary', { token: p.token })).status).toBe(400);
  });

  it("operators read a player's limits, pause and 18+ time, and a report, but change nothing", async () => {
    const p = await createPlayer(t, { balance: 1000 });
    await setLimits(p, { stakeDay: 10 });
    await mainBid(p, 20);
    await mainBid(p, 20);
    await t.request('POST', '/api/v1/user/time-out', { token: p.token, body: { days: 30 } });
    await mainBid(p, 5);
    const view = await t.request('GET', `/api/v1/admin/users/${p.id}/responsible-play`, { token: op.token });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      limits: { stakeDay: 10 },
      pending: [],
      pause: { kind: 'time-out', until: '2026-12-18T03:30:00.000Z' },
      adultConfirmedAt: null,
    });
    const report = await t.request('GET', '/api/v1/admin/responsible-play?from=2026-11-01&to=2099-12-31', {
      token: op.token,
    });
    expect(report.status).toBe(200);
    expect(report.body.data.paused).toContainEqual({
      userId: p.id,
      phone: p.phone,
      kind: 'time-out',
      until: '2026-12-18T03:30:00.000Z',
    });
    const mine = report.body.data.refusals.filter((r: { userId: string }) => r.userId === p.id);
    expect(mine).toEqual(
      expect.arrayContaining([
        { userId: p.id, phone: p.phone, limit: 'stakeDay', count: 2 },
        { userId: p.id, phone: p.phone, limit: 'pause', count: 1 },
      ]),
    );
    expect(
      (
        await t.request('GET', '/api/v1/admin/responsible-play?from=2026-13-01&to=2026-12-01', {
          token: op.token,
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.request('GET', `/api/v1/admin/users/not-an-id/responsible-play`, { token: op.token })).status,
    ).toBe(404);
    // Players cannot read the operators' views, operators have no write route.
    expect(
      (await t.request('GET', `/api/v1/admin/users/${p.id}/responsible-play`, { token: p.token })).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', `/api/v1/admin/users/${p.id}/responsible-play`, { token: op.token, body: {} }))
        .status,
    ).toBe(404);
  });

  it('owners edit the help text players read; staff and players cannot, and it is audited', async () => {
    expect((await t.request('GET', '/api/v1/admin/responsible-play-help')).body.data).toEqual({
      helpText: '',
    });
    const staff = await createAdmin(t, undefined, 'staff');
    const body = { helpText: 'Call 1800-000-000, 10 am to 6 pm.' };
    expect(
      (await t.request('PUT', '/api/v1/admin/responsible-play-help', { token: staff.token, body })).status,
    ).toBe(403);
    const p = await createPlayer(t);
    expect(
      (await t.request('PUT', '/api/v1/admin/responsible-play-help', { token: p.token, body })).status,
    ).toBe(403);
    const bad = await t.request('PUT', '/api/v1/admin/responsible-play-help', {
      token: op.token,
      body: { helpText: '<script>' },
    });
    expect(bad.status).toBe(400);
    const saved = await t.request('PUT', '/api/v1/admin/responsible-play-help', { token: op.token, body });
    expect(saved.status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/responsible-play-help')).body.data).toEqual(body);
    const audit = await t.request('GET', '/api/v1/admin/audit-log?action=settings-change', {
      token: op.token,
    });
    expect(JSON.stringify(audit.body.data)).toContain('/api/v1/admin/responsible-play-help');
  });
});
