import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  count,
  DAY,
  type FeedWorld,
  feedWorld,
  MARKETS,
  push,
  SECRET,
  YESTERDAY,
} from './helpers/feed-fixtures';

// Issue 46: what a push source may send, and what is done with what cannot be believed. Nothing
// here reaches a quorum (each report is the only one of its session), so nothing is declared.

let w: FeedWorld;
beforeAll(async () => {
  w = await feedWorld(['A', 'B']);
});
afterAll(() => w.t.close());

const reportsOf = async (source: string) => {
  const r = await w.t.db.query<{ outcome: string; reason: string | null; market: string }>(
    'SELECT outcome, reason, market FROM result_reports WHERE source = $1 ORDER BY received_at, id',
    [source],
  );
  return r.rows;
};

describe('the push address', () => {
  it('a wrong secret, an unknown, disabled or polled source: 404 and nothing stored', async () => {
    const body = { market: MARKETS.kalyan, date: DAY, result: '128-1' };
    const before = await count(w.t, 'result_reports');
    expect((await push(w.t, 'A', body, `${SECRET}x`)).status).toBe(404);
    expect((await push(w.t, 'A', body, 'short')).status).toBe(404);
    expect((await push(w.t, 'NOBODY', body)).status).toBe(404);
    expect((await push(w.t, 'A/extra', body)).status).toBe(404);
    const off = await w.t.request('POST', '/api/v1/admin/result-sources', {
      token: w.owner.token,
      body: { name: 'OFF', kind: 'push', enabled: false, markets: { [MARKETS.kalyan]: w.games.kalyan } },
    });
    expect(off.status).toBe(201);
    expect((await push(w.t, 'OFF', body)).status).toBe(404);
    const polled = await w.t.request('POST', '/api/v1/admin/result-sources', {
      token: w.owner.token,
      body: { name: 'POLLED', kind: 'json-url', url: 'http://127.0.0.1:9/results.json', markets: {} },
    });
    expect(polled.status).toBe(201);
    expect((await push(w.t, 'POLLED', body)).status).toBe(404);
    expect(await count(w.t, 'result_reports')).toBe(before);
  });

  it('the secret never appears in a log line or an answer', async () => {
    const wrong = await push(
      w.t,
      'A',
      { market: MARKETS.kalyan, date: DAY, result: '***-**-***' },
      `${SECRET}-wrong`,
    );
    const right = await push(w.t, 'A', [{ market: MARKETS.star, date: DAY, result: '***-*' }]);
    expect(right.status).toBe(200);
    expect(right.body.data).toEqual([]);
    const sources = await w.t.request('GET', '/api/v1/admin/result-sources', { token: w.owner.token });
    expect(sources.body.data.find((s: { name: string }) => s.name === 'A').pushPath).toBe(
      '/api/results/feed/{RESULT_FEED_SECRET}/A',
    );
    const everything = [...w.t.logLines, JSON.stringify([wrong.body, right.body, sources.body])].join('\n');
    expect(everything).not.toContain(SECRET);
    expect(w.t.logLines.some((l) => l.includes('/api/results/feed/[secret]/A'))).toBe(true);
  });

  it('bad JSON is 400 and stores nothing; a body that is no object is 400', async () => {
    const before = await count(w.t, 'result_reports');
    const bad = await w.t.request('POST', `/api/results/feed/${SECRET}/A`, { raw: '{"market":' });
    expect(bad.status).toBe(400);
    const number = await w.t.request('POST', `/api/results/feed/${SECRET}/A`, { raw: '42' });
    expect(number.status).toBe(400);
    const empty = await w.t.request('POST', `/api/results/feed/${SECRET}/A`, { raw: '' });
    expect(empty.status).toBe(400);
    expect(await count(w.t, 'result_reports')).toBe(before);
  });
});

describe('reports that are not believed: stored with their outcome and reason', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unmapped market', { market: 'DESAWAR SPECIAL', date: DAY, result: '128-1' }, /not mapped to a game/],
    ['a panna out of order', { market: MARKETS.kalyan, date: DAY, result: '821-1' }, /not one of the 220/],
    ['a wrong digit', { market: MARKETS.kalyan, date: DAY, result: '128-2' }, /digit of 128 is 1, not 2/],
    [
      'a jodi that is not the two digits',
      { market: MARKETS.kalyan, date: DAY, result: '128-19-389' },
      /digit of 389 is 0, not 9/,
    ],
    [
      'a date that does not exist',
      { market: MARKETS.kalyan, date: '2026-02-30', result: '128-1' },
      /date must be/,
    ],
    ['no market at all', { date: DAY, result: '128-1' }, /not a result object with a market/],
    [
      'a starline result of a main shape',
      { market: MARKETS.star, date: DAY, result: '128-10-389' },
      /starline result reads like/,
    ],
  ])('%s is invalid', async (_, body, reason) => {
    const r = await push(w.t, 'A', body);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ source: 'A', outcome: 'invalid' });
    expect(r.body.data[0].reason).toMatch(reason);
  });

  it('market names match without case or spaces', async () => {
    const r = await push(w.t, 'B', { market: '  feed   gali '.replace('feed', ''), date: DAY, result: '4' });
    expect(r.body.data[0]).toMatchObject({ gameId: w.games.gali, outcome: 'invalid' });
    expect(r.body.data[0].reason).toMatch(/not a jodi/);
    const lower = await push(w.t, 'B', { market: 'evening  bazar', date: DAY, result: '128-1' });
    expect(lower.body.data[0]).toMatchObject({ gameId: w.games.evening, session: 'open' });
  });

  it('early: before the session time (the afternoon market at 13:00; a page dated tomorrow)', async () => {
    const r = await push(w.t, 'A', { market: MARKETS.evening, date: DAY, result: '128-10-389' });
    expect(r.body.data.map((x: { session: string; outcome: string }) => [x.session, x.outcome])).toEqual([
      ['open', 'early'],
      ['close', 'early'],
    ]);
    expect(r.body.data[0].reason).toMatch(/before its time \(20 NOV 2026 02:00 PM\)/);
    const tomorrow = await push(w.t, 'A', { market: MARKETS.kalyan, date: '2026-11-21', result: '128-1' });
    expect(tomorrow.body.data[0].outcome).toBe('early');
  });

  it('stale: a page still showing yesterday once today has opened', async () => {
    const r = await push(w.t, 'A', { market: MARKETS.kalyan, date: YESTERDAY, result: '128-10-389' });
    expect(r.body.data.map((x: { outcome: string }) => x.outcome)).toEqual(['stale', 'stale']);
    expect(r.body.data[0].reason).toBe(`${YESTERDAY} is not the current market day`);
    const dmy = await push(w.t, 'A', { market: MARKETS.star, date: '19-11-2026', result: '128-1' });
    expect(dmy.body.data[0]).toMatchObject({ date: YESTERDAY, outcome: 'stale' });
  });

  it('the same report again is not stored again: its first row answers', async () => {
    const body = { market: 'NOT MAPPED', date: DAY, result: '128-1' };
    const first = await push(w.t, 'A', body);
    const before = await count(w.t, 'result_reports');
    const again = await push(w.t, 'A', body);
    expect(again.body.data[0]._id).toBe(first.body.data[0]._id);
    expect(await count(w.t, 'result_reports')).toBe(before);
  });

  it('nothing is declared by any of them, and each is listed for its game and day', async () => {
    expect(await count(w.t, 'results')).toBe(0);
    const list = await w.t.request(
      'GET',
      `/api/v1/admin/result-reports?gameId=${w.games.kalyan}&date=${YESTERDAY}`,
      { token: w.owner.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { outcome: string }) => x.outcome)).toEqual(['stale', 'stale']);
    expect(list.body.pagination.total).toBe(2);
    const all = await w.t.request('GET', '/api/v1/admin/result-reports?limit=100', { token: w.owner.token });
    expect(all.body.data.some((x: { gameId: string | null }) => x.gameId === null)).toBe(true);
    expect((await reportsOf('A')).length).toBeGreaterThan(8);
    const player = await w.t.request('GET', '/api/v1/admin/result-reports');
    expect(player.status).toBe(401);
  });
});
