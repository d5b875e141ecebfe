import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let admin: { token: string };
let main: string;
let star: string;
let gali: string;

async function game(path: string, body: Record<string, unknown>) {
  return (await t.request('POST', `/api/v1/admin/${path}`, { token: admin.token, body })).body.data
    ._id as string;
}

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-21T06:30:00Z' });
  admin = await createAdmin(t);
  main = await game('main-games', { gameName: 'Kalyan', openTime: '16:10', closeTime: '18:10' });
  star = await game('starline-games', { gameName: 'Star 10', openTime: '10:00' });
  gali = await game('galidisawar-games', { gameName: 'Gali', openTime: '23:30' });
  for (let d = 1; d <= 15; d++) {
    const day = `2026-11-${String(d).padStart(2, '0')}`;
    await t.db.query(
      `INSERT INTO results (family, game_id, result_date, open_panna, open_digit, close_panna, close_digit)
       VALUES ('main', $1, $2, '128', '1', '479', '0')`,
      [main, day],
    );
    await t.db.query(
      `INSERT INTO results (family, game_id, result_date, panna, digit) VALUES ('starline', $1, $2, '370', '0')`,
      [star, day],
    );
    await t.db.query(
      `INSERT INTO results (family, game_id, result_date, jodi) VALUES ('galidisawar', $1, $2, '05')`,
      [gali, day],
    );
  }
});
afterAll(() => t.close());

describe('result reads', () => {
  it('main results: newest first, docs/product.md shape, paged', async () => {
    const res = await t.request('GET', '/api/v1/admin/all-result?limit=5');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.data[0]).toMatchObject({
      gameId: main,
      gameName: 'Kalyan',
      resultDate: '2026-11-15',
      openPanna: { panna: '128', digit: '1' },
      closePanna: { panna: '479', digit: '0' },
    });
    expect(res.body.pagination).toEqual({
      page: 1,
      limit: 5,
      total: 15,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: false,
    });
  });

  it('filters by game, one date and a range; limit goes up to 1000 for charts', async () => {
    const one = await t.request('GET', `/api/v1/admin/all-starline-result?gameId=${star}&date=2026-11-03`);
    expect(one.body.data).toEqual([
      expect.objectContaining({ resultDate: '2026-11-03', panna: '370', digit: '0' }),
    ]);
    const range = await t.request('GET', '/api/v1/admin/all-gali-result?from=2026-11-10&to=2026-11-12');
    expect(range.body.data.map((r: { resultDate: string }) => r.resultDate)).toEqual([
      '2026-11-12',
      '2026-11-11',
      '2026-11-10',
    ]);
    expect(range.body.data[0].jodiDigit).toBe('05');
    const big = await t.request('GET', '/api/v1/admin/all-result?limit=5000');
    expect(big.body.pagination.limit).toBe(1000);
  });

  it('a game of another family is not found', async () => {
    expect((await t.request('GET', `/api/v1/admin/all-result?gameId=${star}`)).status).toBe(404);
  });
});

describe('operator views of players', () => {
  it('lists and searches players, counts them, shows dashboard numbers', async () => {
    const p = await createPlayer(t, { name: 'Ravi Kumar', balance: 250 });
    await createPlayer(t, { name: 'Unverified', verified: false });
    const list = await t.request('GET', '/api/v1/admin/users?search=ravi', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ _id: p.id, name: 'Ravi Kumar', balance: 250 }),
    ]);
    const counts = await t.request('GET', '/api/v1/user/users-counts', { token: admin.token });
    expect(counts.body.data).toMatchObject({ total: 2, verified: 1, unverified: 1, blocked: 0 });
    const stats = await t.request('GET', '/api/v1/dashboard-stats', { token: admin.token });
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({
      games: { main: 1, starline: 1, galidisawar: 1 },
      totalBalance: 250,
    });
    expect((await t.request('GET', '/api/v1/dashboard-stats', { token: p.token })).status).toBe(403);
  });

  it('counts today by the market day of the server clock, not the database date', async () => {
    const p = await createPlayer(t, { balance: 100 });
    // The clock is 2026-11-21 12:00 IST: 00:10 IST that day is today, 23:50 IST the day before is not.
    await t.db.query(`UPDATE users SET created_at = '2026-11-20T18:20:00Z'`);
    await t.db.query(`UPDATE users SET created_at = '2026-11-20T18:40:00Z' WHERE id = $1`, [p.id]);
    await t.db.query(
      `INSERT INTO bids (request_id, user_id, game_id, family, game_type, atom, bid_date, amount_paise)
       VALUES (gen_random_uuid(), $1, $2, 'main', 'single-digit', '{}', '2026-11-21', 1000),
              (gen_random_uuid(), $1, $2, 'main', 'single-digit', '{}', '2026-11-20', 2500)`,
      [p.id, main],
    );
    const counts = await t.request('GET', '/api/v1/user/users-counts', { token: admin.token });
    expect(counts.body.data.today).toBe(1);
    const stats = await t.request('GET', '/api/v1/dashboard-stats', { token: admin.token });
    expect(stats.body.data.bidsToday).toEqual({ count: 1, amount: 10 });
    t.clock.set('2026-11-22T06:30:00Z');
    try {
      const next = await t.request('GET', '/api/v1/dashboard-stats', { token: admin.token });
      expect(next.body.data.users.today).toBe(0);
      expect(next.body.data.bidsToday).toEqual({ count: 0, amount: 0 });
    } finally {
      t.clock.set('2026-11-21T06:30:00Z');
    }
  });

  it('switches betting off for a player', async () => {
    const p = await createPlayer(t);
    const res = await t.request('PATCH', `/api/v1/admin/users/${p.id}`, {
      token: admin.token,
      body: { globel_batting: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.globel_batting).toBe(false);
    const me = await t.request('GET', '/api/v1/user/user-details', { token: p.token });
    expect(me.body.data.globel_batting).toBe(false);
    const empty = await t.request('PATCH', `/api/v1/admin/users/${p.id}`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
  });
});
