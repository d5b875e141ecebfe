import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollDueSources } from '../../../server/services/feeds/poll';
import { runWatchdogPass } from '../../../server/services/watchdog/run';
import { createAdmin } from '../helpers/fixtures';
import { DAY, type FeedWorld, feedWorld, MARKETS } from './helpers/feed-fixtures';

// Issue 46: the owner's result sources, a json-url source polled (and "Fetch now"), and a fed
// market whose result is late.

let w: FeedWorld;
let site: Server;
let base = '';
/** What the stand-in result site answers next: status, content type and body. */
let answer: { status: number; type: string; body: string } = {
  status: 200,
  type: 'application/json',
  body: '[]',
};
let hits = 0;

beforeAll(async () => {
  w = await feedWorld(['A']);
  site = createServer((_req, res) => {
    hits++;
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await w.t.close();
});

const call = (method: string, path: string, body?: unknown, token = w.owner.token) =>
  w.t.request(method, `/api/v1/admin/${path}`, { token, body });

describe('result sources (owners)', () => {
  it.each<[string, Record<string, unknown>, number, RegExp]>([
    ['a name with spaces', { name: 'two words', kind: 'push' }, 400, /letters, digits or -/],
    ['a json-url without its address', { name: 'SITE', kind: 'json-url' }, 400, /needs its address/],
    [
      'an address that is not http',
      { name: 'SITE', kind: 'json-url', url: 'file:///etc/passwd' },
      400,
      /http/,
    ],
    [
      'a market mapped to no game',
      { name: 'SITE', kind: 'push', markets: { X: '00000000-0000-4000-8000-000000000000' } },
      400,
      /No such game/,
    ],
    [
      'two names for one market',
      { name: 'SITE', kind: 'push', markets: { 'Kalyan Night': '', 'KALYAN NIGHT': '' } },
      400,
      /same market name/,
    ],
    ['a taken name, in another case', { name: 'a', kind: 'push' }, 409, /exists already/],
  ])('refuses %s', async (_, body, status, message) => {
    // An empty game id in a test row stands for a real game.
    const markets = Object.fromEntries(
      Object.entries((body.markets ?? {}) as Record<string, string>).map(([k, v]) => [
        k,
        v || w.games.kalyan,
      ]),
    );
    const r = await call('POST', 'result-sources', { ...body, markets });
    expect(r.status).toBe(status);
    expect(JSON.stringify(r.body)).toMatch(message);
  });

  it('staff may read reports but not sources', async () => {
    const staff = await createAdmin(w.t, undefined, 'staff');
    expect((await call('GET', 'result-sources', undefined, staff.token)).status).toBe(403);
    expect((await call('POST', 'result-sources', { name: 'S', kind: 'push' }, staff.token)).status).toBe(403);
    expect((await call('GET', 'result-reports', undefined, staff.token)).status).toBe(200);
  });

  it('a changed address is in the audit log, before and after', async () => {
    const made = await call('POST', 'result-sources', {
      name: 'SITE',
      kind: 'json-url',
      url: `${base}/old.json`,
      markets: { [MARKETS.kalyan]: w.games.kalyan, [MARKETS.star]: w.games.star },
    });
    expect(made.status).toBe(201);
    const id = made.body.data._id;
    const changed = await call('PATCH', `result-sources/${id}`, { url: `${base}/results.json` });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      url: `${base}/results.json`,
      kind: 'json-url',
      pushPath: null,
    });
    const row = await w.t.db.query<{ before: { url: string }; after: { url: string } }>(
      `SELECT before, after FROM audit_log WHERE method = 'PATCH' AND path = $1`,
      [`/api/v1/admin/result-sources/${id}`],
    );
    expect(row.rows[0]?.before.url).toBe(`${base}/old.json`);
    expect(row.rows[0]?.after.url).toBe(`${base}/results.json`);
    expect((await call('PATCH', 'result-sources/not-an-id', { enabled: false })).status).toBe(404);
  });
});

describe('a json-url source, polled', () => {
  const site = async () =>
    (await call('GET', 'result-sources')).body.data.find((s: { name: string }) => s.name === 'SITE');

  it('Fetch now reads the address and stores what it says', async () => {
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify([
        { market: 'Kalyan', date: DAY, result: '128-10-389' },
        { market: MARKETS.star, date: DAY, result: '***-*' },
        { market: 'Somewhere Else', date: DAY, result: '128-1' },
      ]),
    };
    const r = await call('POST', `result-sources/${(await site())._id}/fetch`);
    expect(r.status).toBe(200);
    expect(r.body.data.error).toBeNull();
    expect(
      r.body.data.reports.map(
        (x: { session: string | null; outcome: string }) => `${x.session} ${x.outcome}`,
      ),
    ).toEqual(['open waiting', 'close waiting', 'null invalid']);
    expect((await site()).lastError).toBeNull();
  });

  it('a polled answer with control characters is stored invalid, cleaned, and the poll goes on', async () => {
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify([
        { market: 'Bad\u0000Name\ud800', date: DAY, result: '128-1' },
        { market: MARKETS.kalyan, date: DAY, result: '1\u00002\u00008-1' },
      ]),
    };
    const r = await call('POST', `result-sources/${(await site())._id}/fetch`);
    expect(r.body.data.error).toBeNull();
    expect(r.body.data.reports[0]).toMatchObject({ market: 'BadName\ufffd', outcome: 'invalid' });
    expect(r.body.data.reports[1]).toMatchObject({
      outcome: 'invalid',
      reason: 'the report has control characters',
    });
  });

  it('the worker polls a due source once, then not again until RESULT_FEED_POLL_SECONDS pass', async () => {
    hits = 0;
    await w.t.db.query(
      `UPDATE result_sources SET next_poll_at = now() - interval '1 second' WHERE name = 'SITE'`,
    );
    expect(await pollDueSources(w.t.deps)).toBe(1);
    expect(await pollDueSources(w.t.deps)).toBe(0);
    expect(hits).toBe(1);
    // A process holding the poll (its lease) keeps "Fetch now" of another out.
    await w.t.db.query(
      `UPDATE result_sources SET poll_lease_until = now() + interval '1 minute' WHERE name = 'SITE'`,
    );
    expect((await call('POST', `result-sources/${(await site())._id}/fetch`)).status).toBe(409);
    await w.t.db.query(`UPDATE result_sources SET poll_lease_until = NULL WHERE name = 'SITE'`);
  });

  it.each<[string, typeof answer, RegExp]>([
    ['an error status', { status: 503, type: 'text/plain', body: 'down' }, /answered 503/],
    ['an answer that is not JSON', { status: 200, type: 'text/html', body: '<html>' }, /not JSON/],
    [
      'an answer too large',
      { status: 200, type: 'application/json', body: `[${'0,'.repeat(600_000)}0]` },
      /larger than/,
    ],
    ['a JSON number', { status: 200, type: 'application/json', body: '7' }, /not a result object/],
  ])('%s is kept on the source as its last error', async (_, next, error) => {
    answer = next;
    const r = await call('POST', `result-sources/${(await site())._id}/fetch`);
    expect(r.status).toBe(200);
    expect(r.body.data.error).toMatch(error);
    expect((await site()).lastError).toMatch(error);
  });

  it('Fetch now refuses a push source and a switched-off one', async () => {
    const a = (await call('GET', 'result-sources')).body.data.find((s: { name: string }) => s.name === 'A');
    expect((await call('POST', `result-sources/${a._id}/fetch`)).status).toBe(422);
    const id = (await site())._id;
    await call('PATCH', `result-sources/${id}`, { enabled: false });
    expect((await call('POST', `result-sources/${id}/fetch`)).status).toBe(422);
    await call('PATCH', `result-sources/${id}`, { enabled: true });
  });

  it('a removed source keeps its reports, by name', async () => {
    const id = (await site())._id;
    expect((await call('DELETE', `result-sources/${id}`)).status).toBe(200);
    expect((await call('GET', `result-sources/${id}`)).status).toBe(404);
    const r = await call('GET', `result-reports?gameId=${w.games.kalyan}&date=${DAY}`);
    expect(r.body.data.filter((x: { source: string }) => x.source === 'SITE')).toHaveLength(2);
  });
});

describe('a fed market whose result is late', () => {
  it('raises missed-draw RESULT_FEED_LATE_MINUTES (20) after the session, not before', async () => {
    const findings = async () => {
      await runWatchdogPass(w.t.deps, { force: true });
      const r = await call('GET', 'watchdog');
      return (r.body.data.findings as Array<{ kind: string; detail: string }>).filter(
        (f) => f.kind === 'missed-draw',
      );
    };
    // Every fed market has its result but the galidisawar draw (12:30); 12:49 is 19 minutes after it.
    for (const [family, body] of [
      ['main', { gameId: w.games.kalyan, session: 'open', panna: '128' }],
      ['main', { gameId: w.games.kalyan, session: 'close', panna: '389' }],
      ['starline', { gameId: w.games.star, panna: '128' }],
    ] as const) {
      expect((await call('POST', `results/${family}`, { ...body, resultDate: DAY })).status).toBe(201);
    }
    w.t.clock.set('2026-11-20T07:19:00Z');
    expect(await findings()).toEqual([]);
    w.t.clock.set('2026-11-20T07:51:00Z');
    const late = await findings();
    expect(late.map((f) => f.detail)).toEqual([
      'Feed Gali 2026-11-20: the draw due at 20 NOV 2026 12:30 PM has no result',
    ]);
  });
});
