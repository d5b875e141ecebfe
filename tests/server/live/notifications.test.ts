/**
 * GET/PUT /user/notifications, result pushes to their audience only (one outbox row per
 * declaration), wins and funds pushes by the player's choice, paused players, the device list,
 * dead tokens dropped, and GET /admin/push-outbox.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePushes } from '../../../server/services/push/queue';
import { type PushSender, sendQueuedPushes } from '../../../server/services/push/worker';
import { createAdmin, createPlayer, latestOtp, nextPhone, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame } from '../money/helpers/money-fixtures';

const DAY = '2026-11-18';
let t: TestContext;
let owner: { id: string; token: string };
let kalyan: string;
let milan: string;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' });
  owner = await createAdmin(t);
  kalyan = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'KALYAN' });
  milan = await seedGame(t, { family: 'main', open: '11:00', close: '13:00', name: 'MILAN' });
});
afterAll(() => t.close());

const prefs = (p: PlayerFixture, body?: unknown) =>
  body === undefined
    ? t.request('GET', '/api/v1/user/notifications', { token: p.token })
    : t.request('PUT', '/api/v1/user/notifications', { token: p.token, body });

/** A player with one device (its token named after them). */
async function withDevice(name: string): Promise<PlayerFixture> {
  const p = await createPlayer(t, { name });
  const r = await t.request('POST', '/api/v1/user/device-token', {
    token: p.token,
    body: { deviceToken: `tok-${name}` },
  });
  expect(r.status).toBe(200);
  return p;
}

/** Sends what is queued through a fake FCM; answers the tokens of each message by title. */
async function send(dead: string[] = []) {
  const sent: { tokens: string[]; title: string; link?: string }[] = [];
  const sender: PushSender = async (tokens, payload) => {
    sent.push({ tokens, title: payload.notification.title, link: payload.data.link });
    return { dead: tokens.filter((tok) => dead.includes(tok)) };
  };
  while ((await sendQueuedPushes(t.db, sender)) > 0) {
    // until the outbox is empty
  }
  return sent;
}

describe('GET/PUT /user/notifications', () => {
  it('answers the defaults until the player chooses, and saves a change of some fields', async () => {
    const p = await createPlayer(t);
    expect((await prefs(p)).body.data).toEqual({ results: 'all', markets: [], wins: true, funds: true });
    const put = await prefs(p, { results: 'followed', markets: [kalyan, kalyan.toUpperCase(), milan] });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Your notification choices were saved');
    expect(put.body.data).toEqual({ results: 'followed', markets: [kalyan, milan], wins: true, funds: true });
    await prefs(p, { wins: false });
    expect((await prefs(p)).body.data).toEqual({
      results: 'followed',
      markets: [kalyan, milan],
      wins: false,
      funds: true,
    });
  });

  it('refuses wrong input with 400 and a message per field, and changes nothing', async () => {
    const p = await createPlayer(t);
    const cases: [unknown, string][] = [
      [{ results: 'some' }, 'results'],
      [{ markets: 'KALYAN' }, 'markets'],
      [{ markets: ['not-a-uuid'] }, 'markets'],
      [{ markets: ['00000000-0000-4000-8000-000000000000'] }, 'markets'],
      [{ wins: 'yes' }, 'wins'],
      [{ funds: 1 }, 'funds'],
      [{ results: 'all', extra: true }, ''],
      [{}, ''],
      [{ markets: Array.from({ length: 201 }, () => kalyan) }, 'markets'],
    ];
    for (const [body, field] of cases) {
      const r = await prefs(p, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.status).toBe(false);
      if (field)
        expect(
          Object.keys(r.body.errors).some((k) => k.startsWith(field)),
          JSON.stringify(r.body),
        ).toBe(true);
    }
    const hi = await t.request('PUT', '/api/v1/user/notifications', {
      token: p.token,
      body: { markets: ['00000000-0000-4000-8000-000000000000'] },
      headers: { 'accept-language': 'hi' },
    });
    expect(hi.body.message).toBe('इनमें से एक मार्केट मौजूद नहीं है');
    expect((await prefs(p)).body.data.results).toBe('all');
    expect((await t.request('GET', '/api/v1/user/notifications')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/user/notifications', { token: owner.token })).status).toBe(403);
  });

  it('leaves out a followed market that was deleted', async () => {
    const p = await createPlayer(t);
    const gone = await seedGame(t, { family: 'starline', open: '09:00' });
    await prefs(p, { results: 'followed', markets: [gone, kalyan] });
    await t.db.query('DELETE FROM games WHERE id = $1', [gone]);
    expect((await prefs(p)).body.data.markets).toEqual([kalyan]);
  });

  it('two changes at once both land', async () => {
    const p = await createPlayer(t);
    await Promise.all([prefs(p, { wins: false }), prefs(p, { funds: false })]);
    expect((await prefs(p)).body.data).toMatchObject({ wins: false, funds: false });
  });
});

describe('result pushes go to their audience only', () => {
  it('one outbox row per declaration, sent to every-result players and the market followers', async () => {
    await send(); // whatever earlier tests queued
    await withDevice('all');
    const follower = await withDevice('follower');
    const other = await withDevice('other');
    const none = await withDevice('none');
    const paused = await withDevice('paused');
    await prefs(follower, { results: 'followed', markets: [kalyan] });
    await prefs(other, { results: 'followed', markets: [milan] });
    await prefs(none, { results: 'none' });
    await t.db.query(
      `UPDATE users SET paused_until = now() + interval '7 days', pause_kind = 'time-out' WHERE id = $1`,
      [paused.id],
    );
    const declared = await t.request('POST', '/api/v1/admin/results/main', {
      token: owner.token,
      body: { gameId: kalyan, resultDate: DAY, session: 'open', panna: '128' },
    });
    expect(declared.status).toBe(201);
    const rows = await t.db.query<{ user_id: string | null; game_id: string; topic: string; link: string }>(
      `SELECT user_id, game_id, topic, link FROM push_outbox WHERE title = 'KALYAN result'`,
    );
    expect(rows.rows).toEqual([
      { user_id: null, game_id: kalyan, topic: 'result', link: '/game-chart/kalyan' },
    ]);
    const sent = (await send()).filter((s) => s.title === 'KALYAN result');
    const tokens = sent.flatMap((s) => s.tokens);
    expect(tokens).toContain('tok-all');
    expect(tokens).toContain('tok-follower');
    expect(tokens).not.toContain('tok-other');
    expect(tokens).not.toContain('tok-none');
    expect(tokens).not.toContain('tok-paused');
    expect(sent[0]?.link).toBe('/game-chart/kalyan');
  });

  it('a win or funds push is not queued for a player who switched it off', async () => {
    const yes = await createPlayer(t);
    const no = await createPlayer(t);
    await prefs(no, { wins: false, funds: false });
    const messages = (topic: 'win' | 'funds') =>
      [yes, no].map((p) => ({
        userId: p.id,
        title: `T ${topic}`,
        body: 'B',
        topic,
        dedupeKey: `${topic}:${p.id}`,
      }));
    await t.db.transaction(async (tx) => {
      await enqueuePushes(tx, messages('win'));
      await enqueuePushes(tx, messages('funds'));
    });
    const queued = await t.db.query<{ user_id: string; topic: string }>(
      `SELECT user_id, topic FROM push_outbox WHERE user_id = ANY($1::uuid[]) ORDER BY topic`,
      [[yes.id, no.id]],
    );
    expect(queued.rows).toEqual([
      { user_id: yes.id, topic: 'funds' },
      { user_id: yes.id, topic: 'win' },
    ]);
  });

  it('a fund decision queues its push only when the player wants funds pushes', async () => {
    const decide = async (p: PlayerFixture) => {
      const fund = await t.db.query<{ id: string }>(
        `INSERT INTO fund_requests (user_id, amount_paise, status) VALUES ($1, 50000, 'pending') RETURNING id`,
        [p.id],
      );
      const r = await t.request('POST', `/api/v1/admin/funds/${fund.rows[0]?.id}/reject`, {
        token: owner.token,
        body: { reason: 'No payment seen' },
      });
      expect(r.status).toBe(200);
      return (await t.db.query('SELECT title FROM push_outbox WHERE user_id = $1', [p.id])).rows;
    };
    const off = await createPlayer(t);
    await prefs(off, { funds: false });
    expect(await decide(off)).toEqual([]);
    expect(await decide(await createPlayer(t))).toEqual([{ title: 'Fund request rejected' }]);
  });
});

describe('devices', () => {
  it('lists the devices with browser, system and fingerprint; a player removes one of theirs', async () => {
    const p = await createPlayer(t);
    const android =
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    await t.request('POST', '/api/v1/user/device-token', {
      token: p.token,
      body: { deviceToken: 'phone-token' },
      headers: { 'user-agent': android },
    });
    await t.request('POST', '/api/v1/user/device-token', {
      token: p.token,
      body: { deviceToken: 'other-token' },
    });
    const list = await t.request('GET', '/api/v1/user/devices', { token: p.token });
    expect(list.status).toBe(200);
    const phone = list.body.data.find((d: { browser: string | null }) => d.browser === 'Chrome');
    expect(phone).toEqual({
      _id: expect.any(String),
      browser: 'Chrome',
      os: 'Android',
      fingerprint: createHash('sha256').update('phone-token').digest('hex').slice(0, 16),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toContain('phone-token');
    const stranger = await createPlayer(t);
    expect(
      (await t.request('DELETE', `/api/v1/user/devices/${phone._id}`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await t.request('DELETE', '/api/v1/user/devices/not-a-uuid', { token: p.token })).status).toBe(
      404,
    );
    const removed = await t.request('DELETE', `/api/v1/user/devices/${phone._id}`, { token: p.token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Device removed');
    const after = await t.request('GET', '/api/v1/user/devices', { token: p.token });
    expect(after.body.data).toHaveLength(1);
    const row = await t.db.query<{ device_token: string | null }>(
      'SELECT device_token FROM users WHERE id = $1',
      [p.id],
    );
    expect(row.rows[0]?.device_token).toBe('other-token');
  });

  it('a token given at sign-up is in the list; a token another player registers leaves the first', async () => {
    const phone = nextPhone();
    const reg = await t.request('POST', '/api/v1/user/register', {
      body: { name: 'New', phone, password: 'secret123', deviceToken: 'signup-token', adult: true },
    });
    expect(reg.status).toBe(200);
    const otp = await latestOtp(t, phone);
    await t.request('POST', '/api/v1/user/verify-otp', { body: { otp, phone, purpose: 'registration' } });
    const login = await t.request('POST', '/api/v1/user/login', { body: { phone, password: 'secret123' } });
    expect(login.status).toBe(200);
    const id = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0]
      ?.id as string;
    const tokens = await t.db.query<{ token: string }>('SELECT token FROM device_tokens WHERE user_id = $1', [
      id,
    ]);
    expect(tokens.rows.map((r) => r.token)).toEqual(['signup-token']);
    const next = await createPlayer(t);
    await t.request('POST', '/api/v1/user/device-token', {
      token: next.token,
      body: { deviceToken: 'signup-token' },
    });
    const first = await t.db.query<{ device_token: string | null }>(
      'SELECT device_token FROM users WHERE id = $1',
      [id],
    );
    expect(first.rows[0]?.device_token).toBeNull();
    const moved = await t.db.query<{ user_id: string }>(
      `SELECT user_id FROM device_tokens WHERE token = 'signup-token'`,
    );
    expect(moved.rows[0]?.user_id).toBe(next.id);
  });

  it('tokens FCM reports unregistered or invalid are dropped, from the player row too', async () => {
    const p = await withDevice('dead');
    await t.db.query(`UPDATE users SET device_token = 'tok-dead' WHERE id = $1`, [p.id]);
    await t.db.query(`INSERT INTO push_outbox (user_id, title, body) VALUES ($1, 'Hello dead', 'B')`, [p.id]);
    await send(['tok-dead']);
    expect((await t.db.query(`SELECT 1 FROM device_tokens WHERE token = 'tok-dead'`)).rows).toHaveLength(0);
    const row = await t.db.query<{ device_token: string | null }>(
      'SELECT device_token FROM users WHERE id = $1',
      [p.id],
    );
    expect(row.rows[0]?.device_token).toBeNull();
    await t.db.query(`INSERT INTO push_outbox (user_id, title, body) VALUES ($1, 'Hello again', 'B')`, [
      p.id,
    ]);
    const again = await send();
    expect(again.filter((s) => s.title === 'Hello again')).toEqual([]);
  });
});

describe('GET /admin/push-outbox', () => {
  it("shows an owner the player's own pushes and the result pushes whose audience they are in", async () => {
    const p = await createPlayer(t);
    await prefs(p, { results: 'followed', markets: [milan] });
    await t.request('POST', '/api/v1/admin/results/main', {
      token: owner.token,
      body: { gameId: milan, resultDate: DAY, session: 'open', panna: '370' },
    });
    await t.db.query(
      `INSERT INTO push_outbox (user_id, title, body, link) VALUES ($1, 'Own', 'B', '/wallet')`,
      [p.id],
    );
    const r = await t.request('GET', `/api/v1/admin/push-outbox?userId=${p.id}&limit=10`, {
      token: owner.token,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.map((m: { title: string }) => m.title)).toEqual(['Own', 'MILAN result']);
    expect(r.body.data[0]).toEqual({
      _id: expect.any(String),
      title: 'Own',
      body: 'B',
      link: '/wallet',
      createdAt: expect.any(String),
      status: 'pending',
      gameId: null,
    });
    expect(r.body.pagination).toMatchObject({ total: 2, limit: 10 });
    // KALYAN's result (declared before) is not for this player: they follow MILAN only.
    const staff = await createAdmin(t, undefined, 'staff');
    expect((await t.request('GET', '/api/v1/admin/push-outbox', { token: staff.token })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/push-outbox', { token: p.token })).status).toBe(403);
    expect(
      (await t.request('GET', '/api/v1/admin/push-outbox?userId=nope', { token: owner.token })).status,
    ).toBe(400);
  });
});
