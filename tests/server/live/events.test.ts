/**
 * GET /api/v1/events: result and revert events the moment they commit, with ids; Last-Event-ID
 * resends the last 10 minutes; heartbeats; the stream is not buffered or compressed; caps; and a
 * draining process ends its streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endLiveStreams, liveHub } from '../../../server/services/live/hub';
import { createAdmin } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame } from '../money/helpers/money-fixtures';
import { listen, type OpenStream, openStream, parseBlocks } from './stream-client';

const DAY = '2026-11-18';
let t: TestContext;
let live: Awaited<ReturnType<typeof listen>>;
let op: { token: string };
let kalyan: string;
let starline: string;
let gali: string;
const streams: OpenStream[] = [];

beforeAll(async () => {
  // 09:00 IST; a heartbeat every second so the test sees one quickly.
  t = await createTestContext({ now: '2026-11-18T03:30:00Z', env: { EVENTS_HEARTBEAT_MS: '1000' } });
  op = await createAdmin(t);
  kalyan = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'KALYAN' });
  starline = await seedGame(t, { family: 'starline', open: '08:00', name: 'STAR 8' });
  gali = await seedGame(t, { family: 'galidisawar', open: '08:30', name: 'GALI A' });
  live = await listen(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await live.close();
  await t.close();
});

async function stream(headers: Record<string, string> = {}) {
  const s = await openStream(live.url, headers);
  streams.push(s);
  return s;
}

const declare = (family: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/v1/admin/results/${family}`, {
    token: op.token,
    body: { resultDate: DAY, ...body },
  });

const isEvent =
  (name: string, match: Record<string, unknown> = {}) =>
  (b: { event?: string; data?: string }) =>
    b.event === name && Object.entries(match).every(([k, v]) => JSON.parse(b.data ?? '{}')[k] === v);

describe('the stream', () => {
  it('opens with the retry delay and a ready event carrying the newest id', async () => {
    const s = await stream();
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    // The middleware's security headers are on the stream too.
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    const ready = await s.next((b) => b.event === 'ready');
    expect(ready.id).toBe('0');
    expect(s.blocks[0]?.retry).toBe('3000');
    s.close();
  });

  it('sends a declaration to an open stream at once, with an id and the declared result', async () => {
    const s = await stream();
    await s.next((b) => b.event === 'ready');
    const declared = Date.now();
    expect((await declare('main', { gameId: kalyan, session: 'open', panna: '128' })).status).toBe(201);
    const open = await s.next(isEvent('result', { session: 'open' }), 1000);
    expect(open.at - declared).toBeLessThan(1000);
    expect(JSON.parse(open.data as string)).toEqual({
      family: 'main',
      gameId: kalyan,
      gameName: 'KALYAN',
      resultDate: DAY,
      session: 'open',
      panna: '128',
      digit: '1',
    });
    expect(Number(open.id)).toBeGreaterThan(0);
    expect((await declare('main', { gameId: kalyan, session: 'close', panna: '259' })).status).toBe(201);
    const close = await s.next(isEvent('result', { session: 'close' }), 1000);
    expect(JSON.parse(close.data as string)).toMatchObject({ panna: '259', digit: '6', jodi: '16' });
    expect(Number(close.id)).toBe(Number(open.id) + 1);
    s.close();
  });

  it('sends starline and galidisawar results, and a revert of the whole day', async () => {
    const s = await stream();
    await s.next((b) => b.event === 'ready');
    await declare('starline', { gameId: starline, panna: '370' });
    expect(JSON.parse((await s.next(isEvent('result', { gameId: starline }), 1000)).data as string)).toEqual({
      family: 'starline',
      gameId: starline,
      gameName: 'STAR 8',
      resultDate: DAY,
      session: null,
      panna: '370',
      digit: '0',
    });
    const g = await declare('galidisawar', { gameId: gali, jodi: '42' });
    expect(
      JSON.parse((await s.next(isEvent('result', { gameId: gali }), 1000)).data as string),
    ).toMatchObject({
      session: null,
      jodi: '42',
    });
    const reverted = await t.request(
      'DELETE',
      `/api/v1/admin/results/galidisawar/${g.body.data.result._id}`,
      {
        token: op.token,
        body: { reason: 'Wrong jodi' },
      },
    );
    expect(reverted.status).toBe(200);
    expect(JSON.parse((await s.next(isEvent('revert'), 1000)).data as string)).toEqual({
      family: 'galidisawar',
      gameId: gali,
      gameName: 'GALI A',
      resultDate: DAY,
      session: null,
    });
    s.close();
  });

  it('a refused declaration sends nothing', async () => {
    const s = await stream();
    await s.next((b) => b.event === 'ready');
    const again = await declare('main', { gameId: kalyan, session: 'open', panna: '123' });
    expect(again.status).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.blocks.filter((b) => b.event === 'result')).toEqual([]);
    s.close();
  });

  it('a reconnect with Last-Event-ID gets what it missed, in order, then ready', async () => {
    const ids = (await t.db.query<{ id: number }>('SELECT id FROM result_events ORDER BY id')).rows.map((r) =>
      Number(r.id),
    );
    expect(ids.length).toBe(5);
    const s = await stream({ 'Last-Event-ID': String(ids[1]) });
    const ready = await s.next((b) => b.event === 'ready');
    expect(s.blocks.filter((b) => b.id && b.event !== 'ready').map((b) => Number(b.id))).toEqual(
      ids.slice(2),
    );
    expect(Number(ready.id)).toBe(ids[4]);
    s.close();
    // The app's own reconnect names it in the query; an id that is not a number is ignored.
    const q = await t.request('GET', `/api/v1/events?lastEventId=${ids[3]}`);
    expect(parseBlocks(q.body).filter((b) => b.event === 'revert')).toHaveLength(1);
    const bad = await t.request('GET', '/api/v1/events', { headers: { 'Last-Event-ID': 'x; DROP' } });
    expect(bad.status).toBe(200);
    expect(parseBlocks(bad.body).map((b) => b.event)).toEqual([undefined, 'ready']);
  });

  it('resends only the last 10 minutes', async () => {
    await t.db.query(`UPDATE result_events SET created_at = now() - interval '11 minutes' WHERE id <= 2`);
    const r = await t.request('GET', '/api/v1/events', { headers: { 'Last-Event-ID': '0' } });
    expect(r.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const sent = parseBlocks(r.body).filter((b) => b.event === 'result' || b.event === 'revert');
    expect(sent.map((b) => Number(b.id))).toEqual([3, 4, 5]);
  });

  it('sends a comment line as a heartbeat (EVENTS_HEARTBEAT_MS)', async () => {
    const s = await stream();
    const beat = await s.next((b) => b.comment === 'keep-alive', 2500);
    expect(beat.event).toBeUndefined();
    s.close();
  });

  it('is neither compressed nor held back when the client accepts gzip', async () => {
    const s = await stream({ 'Accept-Encoding': 'gzip, br' });
    expect(s.headers.get('content-encoding')).toBeNull();
    await s.next((b) => b.event === 'ready', 1000);
    s.close();
  });

  it('streams to an allowed cross-origin page too (CORS headers prepared by the middleware)', async () => {
    const c = await createTestContext({ env: { CORS_ORIGINS: 'https://app.example' } });
    const server = await listen(c);
    try {
      const s = await openStream(server.url, { Origin: 'https://app.example' });
      expect(s.status).toBe(200);
      expect(s.headers.get('access-control-allow-origin')).toBe('https://app.example');
      await s.next((b) => b.event === 'ready', 2000);
      await new Promise((r) => setTimeout(r, 200));
      expect(liveHub(c.deps).size).toBe(1);
      s.close();
    } finally {
      await server.close();
      await c.close();
    }
  });

  it('closes its subscription when the client goes away', async () => {
    const hub = liveHub(t.deps);
    const s = await stream();
    await s.next((b) => b.event === 'ready');
    const open = hub.size;
    s.close();
    await expect.poll(() => hub.size, { timeout: 2000 }).toBe(open - 1);
  });

  it('ends every stream and refuses new ones once the process drains', async () => {
    const s = await stream();
    await s.next((b) => b.event === 'ready');
    endLiveStreams(t.db);
    await s.ended;
    const refused = await t.request('GET', '/api/v1/events');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
  });
});

describe('caps', () => {
  it('refuses a stream past EVENTS_MAX_STREAMS with 503 and Retry-After', async () => {
    const c = await createTestContext({ env: { EVENTS_MAX_STREAMS: '1' } });
    const server = await listen(c);
    try {
      const first = await openStream(server.url);
      await first.next((b) => b.event === 'ready');
      const second = await fetch(`${server.url}/api/v1/events`);
      expect(second.status).toBe(503);
      expect(second.headers.get('retry-after')).toBe('60');
      expect(((await second.json()) as { status: boolean }).status).toBe(false);
      first.close();
    } finally {
      await server.close();
      await c.close();
    }
  });

  it('holds one address to half its connection cap', async () => {
    const c = await createTestContext({ env: { MAX_CONNECTIONS_PER_ADDRESS: '4' } });
    const server = await listen(c);
    const open: OpenStream[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const s = await openStream(server.url);
        await s.next((b) => b.event === 'ready');
        open.push(s);
      }
      expect((await fetch(`${server.url}/api/v1/events`)).status).toBe(503);
      // Requests still get through on that address.
      expect((await fetch(`${server.url}/api/v1/status`)).status).toBe(200);
    } finally {
      for (const s of open) s.close();
      await server.close();
      await c.close();
    }
  });
});
