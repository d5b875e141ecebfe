import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeOvertaken } from '../../../server/services/feeds/worker';
import { runWatchdogPass } from '../../../server/services/watchdog/run';
import { createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { balanceOf } from '../money/helpers/money-fixtures';
import {
  count,
  DAY,
  type FeedWorld,
  feedWorld,
  MARKETS,
  NOW,
  push,
  resultRow,
} from './helpers/feed-fixtures';

// Issue 46: RESULT_QUORUM (2) sources agreeing declare a closed session exactly as an operator
// would; disagreement declares nothing and is a watchdog finding; an operator's declaration always
// works and wins; a report against a declared result changes nothing and is a finding too.

let w: FeedWorld;
let p: PlayerFixture;
beforeAll(async () => {
  w = await feedWorld(['A', 'B', 'C']);
  p = await createPlayer(w.t, { balance: 100 });
  // Bids placed at 09:00, before Kalyan opens: 10 on open digit 1, 10 on jodi 10.
  w.t.clock.set('2026-11-20T03:30:00Z');
  const bids = await w.t.request('POST', '/api/v1/user/main/bids', {
    token: p.token,
    body: {
      bids: [
        { game: w.games.kalyan, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '1' },
        { game: w.games.kalyan, gameType: 'jodi-digit', amount: 10, session: 'Open', openDigit: '10' },
      ],
    },
  });
  expect(bids.status, JSON.stringify(bids.body)).toBe(201);
  w.t.clock.set(NOW);
});
afterAll(() => w.t.close());

const outcomes = (r: { body: { data: Array<{ session: string | null; outcome: string }> } }) =>
  r.body.data.map((x) => `${x.session ?? 'draw'} ${x.outcome}`);
const pass = () => runWatchdogPass(w.t.deps, { force: true });
const findings = async (kind: string) => {
  const r = await w.t.request('GET', '/api/v1/admin/watchdog', { token: w.owner.token });
  return (r.body.data.findings as Array<{ kind: string; detail: string }>).filter((f) => f.kind === kind);
};

describe('two sources agreeing declare it, once', () => {
  it('the first source waits; the second completes the quorum and both read agreed', async () => {
    const full = { market: MARKETS.kalyan, date: DAY, result: '128-10-389' };
    const first = await push(w.t, 'A', full);
    expect(outcomes(first)).toEqual(['open waiting', 'close waiting']);
    expect(first.body.data[0].reason).toBe('1 of 2 sources agree');
    expect(await count(w.t, 'results')).toBe(0);
    const second = await push(w.t, 'B', { market: 'kalyan', date: '20-11-2026', open: '128', close: '389' });
    expect(outcomes(second)).toEqual(['open agreed', 'close agreed']);
    const list = await w.t.request(
      'GET',
      `/api/v1/admin/result-reports?gameId=${w.games.kalyan}&date=${DAY}`,
      {
        token: w.owner.token,
      },
    );
    expect(list.body.data.map((x: { outcome: string }) => x.outcome)).toEqual([
      'agreed',
      'agreed',
      'agreed',
      'agreed',
    ]);
  });

  it('settles as an operator would: the winning bids paid once, a push and a live event per session', async () => {
    // 10 x 9.5 on the open digit, 10 x 95 on the jodi.
    expect(await balanceOf(w.t, p.id)).toBe(100 - 20 + 95 + 950);
    const events = await w.t.db.query<{ payload: { session: string } }>(
      'SELECT payload FROM result_events WHERE game_id = $1 ORDER BY id',
      [w.games.kalyan],
    );
    expect(events.rows.map((e) => e.payload.session)).toEqual(['open', 'close']);
    const pushes = await w.t.db.query<{ body: string }>('SELECT body FROM push_outbox WHERE game_id = $1', [
      w.games.kalyan,
    ]);
    expect(pushes.rows.map((x) => x.body)).toEqual(['Feed Kalyan: 128-1', 'Feed Kalyan: 128-10-389']);
  });

  it('records declaredBy feed and the sources; players see who declared it but not the sources', async () => {
    const row = await resultRow(w.t, 'all-result', w.games.kalyan, w.owner.token);
    expect(row).toMatchObject({ declaredBy: 'feed', sources: ['A', 'B'], imported: false });
    expect(row.openPanna).toMatchObject({
      panna: '128',
      digit: '1',
      declaredBy: 'feed',
      sources: ['A', 'B'],
    });
    expect(row.closePanna).toMatchObject({ panna: '389', digit: '0', declaredBy: 'feed' });
    expect(Date.parse(row.closePanna.declaredAt)).not.toBeNaN();
    const asPlayer = await resultRow(w.t, 'all-result', w.games.kalyan, p.token);
    expect(asPlayer.declaredBy).toBe('feed');
    expect(asPlayer.sources).toBeUndefined();
    expect(asPlayer.openPanna.sources).toBeUndefined();
    expect(asPlayer.closePanna.declaredAt).toBe(row.closePanna.declaredAt);
  });

  it('the audit log says it in words: declared by the feed, with its sources', async () => {
    const log = await w.t.request('GET', '/api/v1/admin/audit-log?action=result-declare', {
      token: w.owner.token,
    });
    expect(log.status).toBe(200);
    const feed = log.body.data.filter((e: { username: string }) => e.username === 'feed');
    expect(feed).toHaveLength(2);
    expect(feed[0]).toMatchObject({ adminId: null, method: 'FEED', action: 'result-declare' });
    expect(feed[0].after).toMatchObject({ declaredBy: 'feed', sources: ['A', 'B'] });
    expect(feed[0].request).toMatchObject({
      gameId: w.games.kalyan,
      resultDate: DAY,
      session: 'close',
      panna: '389',
    });
  });

  it('a third source agreeing later reads agreed and changes nothing; a repeat is not stored again', async () => {
    const before = await count(w.t, 'result_reports');
    const third = await push(w.t, 'C', { market: MARKETS.kalyan, date: DAY, result: '128-10-389' });
    expect(outcomes(third)).toEqual(['open agreed', 'close agreed']);
    const again = await push(w.t, 'C', { market: MARKETS.kalyan, date: DAY, result: '128-10-389' });
    expect(again.body.data.map((x: { _id: string }) => x._id)).toEqual(
      third.body.data.map((x: { _id: string }) => x._id),
    );
    expect(await count(w.t, 'result_reports')).toBe(before + 2);
    expect(await count(w.t, 'result_events')).toBe(2);
    expect(await balanceOf(w.t, p.id)).toBe(100 - 20 + 95 + 950);
  });
});

describe('sources that disagree', () => {
  it('declare nothing: both reports read conflict, and the watchdog reports result-conflict', async () => {
    const a = await push(w.t, 'A', { market: MARKETS.star, date: DAY, result: '128-1' });
    expect(outcomes(a)).toEqual(['draw waiting']);
    const b = await push(w.t, 'B', { market: MARKETS.star, date: DAY, result: '137-1' });
    expect(outcomes(b)).toEqual(['draw conflict']);
    expect(b.body.data[0].reason).toBe('sources disagree: A 128, B 137');
    const list = await w.t.request('GET', `/api/v1/admin/result-reports?gameId=${w.games.star}&date=${DAY}`, {
      token: w.owner.token,
    });
    expect(
      list.body.data.map((x: { source: string; outcome: string }) => `${x.source} ${x.outcome}`),
    ).toEqual(['B conflict', 'A conflict']);
    // A third source agreeing with one of them does not outvote the other.
    const c = await push(w.t, 'C', { market: MARKETS.star, date: DAY, result: '128-1' });
    expect(outcomes(c)).toEqual(['draw conflict']);
    expect(await resultRow(w.t, 'all-starline-result', w.games.star)).toBeUndefined();
    await pass();
    const [finding, ...more] = await findings('result-conflict');
    expect(more).toEqual([]);
    expect(finding?.detail).toBe(
      `Feed Star 11 ${DAY}: the result sources disagree (A says 128, B says 137, C says 128); nothing was declared. Declare the right result on the Results screen`,
    );
  });

  it('an operator declares the one they choose; the finding clears', async () => {
    const op = await w.t.request('POST', '/api/v1/admin/results/starline', {
      token: w.owner.token,
      body: { gameId: w.games.star, resultDate: DAY, panna: '137' },
    });
    expect(op.status).toBe(201);
    expect(op.body.data.result).toMatchObject({ declaredBy: 'operator', panna: '137' });
    await pass();
    expect(await findings('result-conflict')).toEqual([]);
  });

  it('a report against the declared result changes nothing and raises the finding again', async () => {
    const late = await push(w.t, 'A', { market: MARKETS.star, date: DAY, result: '146-1' });
    expect(outcomes(late)).toEqual(['draw conflict']);
    expect(late.body.data[0].reason).toBe('the declared result is 137');
    const row = await resultRow(w.t, 'all-starline-result', w.games.star, w.owner.token);
    expect(row).toMatchObject({ panna: '137', declaredBy: 'operator' });
    await pass();
    const [finding] = await findings('result-conflict');
    expect(finding?.detail).toMatch(
      /^Feed Star 11 2026-11-20: declared 137, but A says 146, B says 137, C says 128/,
    );
    const agreeing = await push(w.t, 'B', { market: MARKETS.star, date: DAY, result: '137-1' });
    expect(outcomes(agreeing)).toEqual(['draw agreed']);
  });

  it('a galidisawar operator result then a source disagreeing with it', async () => {
    const op = await w.t.request('POST', '/api/v1/admin/results/galidisawar', {
      token: w.owner.token,
      body: { gameId: w.games.gali, resultDate: DAY, jodi: '45' },
    });
    expect(op.status).toBe(201);
    const a = await push(w.t, 'A', { market: MARKETS.gali, date: DAY, result: '46' });
    expect(outcomes(a)).toEqual(['draw conflict']);
    await pass();
    const details = (await findings('result-conflict')).map((f) => f.detail);
    expect(details).toContain(
      'Feed Gali 2026-11-20: declared 45, but A says 46. Revert it if the sources are right',
    );
  });
});

describe('a close waits for its open', () => {
  it('open in conflict, close agreed: nothing until an operator declares the open, then the close is declared', async () => {
    // The evening market, now past its close (17:00).
    w.t.clock.set('2026-11-20T11:30:00Z');
    const a = await push(w.t, 'A', { market: MARKETS.evening, date: DAY, result: '128-10-389' });
    const b = await push(w.t, 'B', { market: MARKETS.evening, date: DAY, result: '137-10-389' });
    expect(outcomes(a)).toEqual(['open waiting', 'close waiting']);
    expect(outcomes(b)).toEqual(['open conflict', 'close waiting']);
    expect(b.body.data[1].reason).toBe('waiting for the open result');
    expect(await judgeOvertaken(w.t.deps)).toBe(0);
    const op = await w.t.request('POST', '/api/v1/admin/results/main', {
      token: w.owner.token,
      body: { gameId: w.games.evening, resultDate: DAY, session: 'open', panna: '137' },
    });
    expect(op.status).toBe(201);
    expect(await judgeOvertaken(w.t.deps)).toBe(1);
    const row = await resultRow(w.t, 'all-result', w.games.evening, w.owner.token);
    expect(row.openPanna).toMatchObject({ panna: '137', declaredBy: 'operator' });
    expect(row.closePanna).toMatchObject({ panna: '389', declaredBy: 'feed', sources: ['A', 'B'] });
    expect(row).toMatchObject({ declaredBy: 'feed', sources: ['A', 'B'] });
    const close = await w.t.db.query<{ source: string; outcome: string }>(
      `SELECT source, outcome FROM result_reports WHERE game_id = $1 AND session = 'close' ORDER BY source`,
      [w.games.evening],
    );
    expect(close.rows).toEqual([
      { source: 'A', outcome: 'agreed' },
      { source: 'B', outcome: 'agreed' },
    ]);
    w.t.clock.set(NOW);
  });
});

describe("a revert is the operator's", () => {
  it('after a feed result is reverted the same sources do not declare it again', async () => {
    const row = await resultRow(w.t, 'all-result', w.games.kalyan, w.owner.token);
    const revert = await w.t.request('DELETE', `/api/v1/admin/results/main/${row._id}`, {
      token: w.owner.token,
      body: { reason: 'Wrong result from the sites' },
    });
    expect(revert.status).toBe(200);
    const again = await push(w.t, 'A', { market: MARKETS.kalyan, date: DAY, result: '128-10-389' });
    expect(outcomes(again)).toEqual(['open waiting', 'close waiting']);
    expect(again.body.data[0].reason).toBe('this session was reverted: an operator declares it');
    expect(await resultRow(w.t, 'all-result', w.games.kalyan)).toBeUndefined();
  });
});
