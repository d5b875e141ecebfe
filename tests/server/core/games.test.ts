import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let admin: { token: string };
let player: { token: string };
// Saturday 21 Nov 2026, 12:00 IST.
const NOW = '2026-11-21T06:30:00Z';

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  admin = await createAdmin(t);
  player = await createPlayer(t);
});
afterAll(() => t.close());

describe('main games', () => {
  let id: string;

  it('creates a main game with a full weekday schedule', async () => {
    const res = await t.request('POST', '/api/v1/admin/main-games', {
      token: admin.token,
      body: {
        gameName: 'Kalyan',
        openTime: '16:10',
        closeTime: '18:10',
        schedule: { sunday: { openTime: '16:10', closeTime: '18:10', marketStatus: false } },
      },
    });
    expect(res.status).toBe(201);
    id = res.body.data._id;
    expect(res.body.data).toMatchObject({
      gameName: 'Kalyan',
      family: 'main',
      isActive: true,
      currentMarketStatus: true,
      marketDay: '2026-11-21',
      todayResult: null,
    });
    expect(res.body.data.schedule.sunday.marketStatus).toBe(false);
    expect(res.body.data.schedule.monday).toEqual({
      openTime: '16:10',
      closeTime: '18:10',
      marketStatus: true,
    });
  });

  it('lists games for players with today result fields and honours If-None-Match', async () => {
    await t.db.query(
      `INSERT INTO results (family, game_id, result_date, open_panna, open_digit) VALUES ('main', $1, '2026-11-21', '128', '1')`,
      [id],
    );
    const res = await t.request('GET', '/api/v1/admin/main-games', { token: player.token });
    expect(res.status).toBe(200);
    const game = res.body.data.find((g: { _id: string }) => g._id === id);
    expect(game.todayResult).toMatchObject({
      resultDate: '2026-11-21',
      openPanna: { panna: '128', digit: '1' },
      closePanna: null,
    });
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^W\//);
    const again = await t.request('GET', '/api/v1/admin/main-games', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('updates times; weekdays that followed the old times follow the new ones', async () => {
    const res = await t.request('PUT', `/api/v1/admin/main-games/${id}`, {
      token: admin.token,
      body: { openTime: '16:30', closeTime: '18:30', isActive: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ openTime: '16:30', isActive: false });
    expect(res.body.data.schedule.monday.openTime).toBe('16:30');
  });

  it('refuses duplicates (409), bad times (400), unknown ids (404) and players (403)', async () => {
    const dup = await t.request('POST', '/api/v1/admin/main-games', {
      token: admin.token,
      body: { gameName: 'kalyan', openTime: '10:00', closeTime: '11:00' },
    });
    expect(dup.status).toBe(409);
    const bad = await t.request('POST', '/api/v1/admin/main-games', {
      token: admin.token,
      body: { gameName: 'X', openTime: '25:00', closeTime: '11:00' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.openTime).toBe('Time must be HH:mm (00:00 to 23:59)');
    const noClose = await t.request('POST', '/api/v1/admin/main-games', {
      token: admin.token,
      body: { gameName: 'Y', openTime: '10:00' },
    });
    expect(noClose.status).toBe(400);
    const unknown = await t.request('PUT', '/api/v1/admin/main-games/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      body: { isActive: true },
    });
    expect(unknown.status).toBe(404);
    const wrongFamily = await t.request('DELETE', `/api/v1/admin/starline-games/${id}`, {
      token: admin.token,
    });
    expect(wrongFamily.status).toBe(404);
    const asPlayer = await t.request('POST', '/api/v1/admin/main-games', {
      token: player.token,
      body: { gameName: 'Z', openTime: '10:00', closeTime: '11:00' },
    });
    expect(asPlayer.status).toBe(403);
  });

  it('accepts a read object sent back as the update body (read-only keys dropped)', async () => {
    const list = await t.request('GET', '/api/v1/admin/main-games');
    const game = list.body.data.find((g: { _id: string }) => g._id === id);
    const res = await t.request('PUT', `/api/v1/admin/main-games/${id}`, {
      token: admin.token,
      body: { ...game, gameName: 'Kalyan Morning' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.gameName).toBe('Kalyan Morning');
    const unknownKey = await t.request('PUT', `/api/v1/admin/main-games/${id}`, {
      token: admin.token,
      body: { ...game, hacked: true },
    });
    expect(unknownKey.status).toBe(400);
    await t.request('PUT', '/api/v1/admin/game-point', { token: admin.token, body: { jodiDigitPoint: 10 } });
    const rates = await t.request('GET', '/api/v1/admin/game-point');
    const back = await t.request('PUT', '/api/v1/admin/game-point', {
      token: admin.token,
      body: rates.body.data[0],
    });
    expect(back.status).toBe(200);
  });

  it('deletes a game without bids', async () => {
    const res = await t.request('DELETE', `/api/v1/admin/main-games/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    const list = await t.request('GET', '/api/v1/admin/main-games');
    expect(list.body.data.find((g: { _id: string }) => g._id === id)).toBeUndefined();
  });
});

describe('starline and galidisawar games', () => {
  it('creates and reads a starline game and a galidisawar game', async () => {
    const s = await t.request('POST', '/api/v1/admin/starline-games', {
      token: admin.token,
      body: { gameName: 'Star 10:00', openTime: '10:00' },
    });
    expect(s.status).toBe(201);
    expect(s.body.data).toMatchObject({
      family: 'starline',
      closeTime: null,
      schedule: null,
      marketStatus: true,
    });
    const g = await t.request('POST', '/api/v1/admin/galidisawar-games', {
      token: admin.token,
      body: { gameName: 'Desawar', openTime: '05:00', autoResult: true },
    });
    expect(g.status).toBe(201);
    await t.db.query(
      `INSERT INTO results (family, game_id, result_date, jodi) VALUES ('galidisawar', $1, '2026-11-21', '47')`,
      [g.body.data._id],
    );
    const list = await t.request('GET', '/api/v1/admin/galidisawar-games');
    expect(list.body.data[0]).toMatchObject({
      gameName: 'Desawar',
      autoResult: true,
      todayResult: { jodiDigit: '47' },
    });
  });
});

describe('rates', () => {
  it('reads an empty table, then operators set flat keys', async () => {
    const empty = await t.request('GET', '/api/v1/admin/game-point');
    expect(empty.status).toBe(200);
    expect(Array.isArray(empty.body.data)).toBe(true);
    const put = await t.request('PUT', '/api/v1/admin/game-point', {
      token: admin.token,
      body: { singleDigitPoint: 10, singleDigitAmount: 95 },
    });
    expect(put.status).toBe(200);
    expect(put.body.data[0]).toMatchObject({ singleDigitPoint: 10, singleDigitAmount: 95 });
    const wrongKey = await t.request('PUT', '/api/v1/admin/galidisawar-rate', {
      token: admin.token,
      body: { singlePannaPoint: 10 },
    });
    expect(wrongKey.status).toBe(400);
    const negative = await t.request('PUT', '/api/v1/admin/starline-game-rate', {
      token: admin.token,
      body: { singleDigitPoint: -1 },
    });
    expect(negative.status).toBe(400);
  });
});

describe('digit catalogues', () => {
  it.each([
    ['single-digit', 10],
    ['jodi-digit', 100],
    ['single-panna', 120],
    ['double-panna', 90],
    ['triple-panna', 10],
    ['all-panna', 220],
  ])('GET /admin/%s answers %i items', async (path, n) => {
    const res = await t.request('GET', `/api/v1/admin/${path}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(n);
    expect(res.body.data[0]).toHaveProperty('_id');
    expect(res.body.data[0]).toHaveProperty('digit');
  });
});
