import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame, seedRates, setBidRange } from '../money/helpers/money-fixtures';
import { count, NOW } from './helpers/feed-fixtures';

// Issue 46 "Chart history": a market's past days from a file, checked like feed reports, written
// in one transaction as imported results that settle nothing; idempotent; the export reads back.

let t: TestContext;
let owner: { token: string };
let kalyan: string;
let star: string;
let gali: string;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  await seedRates(t);
  await setBidRange(t, 1, 10_000);
  owner = await createAdmin(t);
  kalyan = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Chart Kalyan' });
  star = await seedGame(t, { family: 'starline', open: '11:00', name: 'Chart Star 11' });
  gali = await seedGame(t, { family: 'galidisawar', open: '23:30', name: 'Chart Gali' });
});
afterAll(() => t.close());

const upload = (gameId: string, csv: string, dryRun: boolean, token = owner.token, type = 'text/csv') =>
  t.request('POST', `/api/v1/admin/charts/import?gameId=${gameId}&dryRun=${dryRun}`, {
    raw: csv,
    token,
    headers: { 'content-type': type },
  });

const FILE = [
  'date,open,jodi,close', // line 1
  '2026-11-01,128,10,389', // 2
  '02/11/2026,137,19,469', // 3
  '2026-11-03,***,**,***', // 4: a holiday
  '2026-11-04,321,68,440', // 5: a panna out of order
  '2026-11-05,128,11,389', // 6: the jodi is not the two digits
  '2026-02-30,128,10,389', // 7: no such day
  '2026-11-06,"146",17,"359"', // 8: quoted cells
  '', // 9: a blank line is nothing
  '2026-11-02,137,19,469', // 10: the same day again
  '2026-11-21,128,10,389', // 11: in the future
  '2026-11-20,128,10,389', // 12: today, the current market day
].join('\r\n');

const results = async (gameId: string, path = 'all-result') =>
  (await t.request('GET', `/api/v1/admin/${path}?gameId=${gameId}&limit=1000`)).body.data;

describe('importing a chart file', () => {
  it('a dry run judges every line and writes nothing', async () => {
    const r = await upload(kalyan, FILE, true);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({
      added: 3,
      unchanged: 0,
      holidays: 1,
      conflicts: [],
      invalid: [
        { line: 5, reason: 'open: 321 is not one of the 220 pannas (in order it is 123)' },
        { line: 6, reason: 'close: the digit of 389 is 0, not 1' },
        { line: 7, reason: '"2026-02-30" is not a date (YYYY-MM-DD or DD/MM/YYYY)' },
        { line: 10, reason: '2026-11-02 is on line 3 already' },
        { line: 11, reason: '2026-11-21 is in the future' },
        { line: 12, reason: '2026-11-20 is the current market day: declare its result instead' },
      ],
    });
    expect(await count(t, 'results')).toBe(0);
  });

  it('the import writes the valid days as imported results that settle nothing', async () => {
    const ledgerBefore = (await t.db.query('SELECT count(*)::int AS n FROM ledger')).rows[0];
    const r = await upload(kalyan, FILE, false);
    expect(r.body.data).toMatchObject({ added: 3, unchanged: 0, holidays: 1 });
    expect(r.body.data.invalid).toHaveLength(6);
    const rows = await results(kalyan);
    expect(
      rows.map((x: { resultDate: string; openPanna: { panna: string }; closePanna: { panna: string } }) => [
        x.resultDate,
        x.openPanna.panna,
        x.closePanna.panna,
      ]),
    ).toEqual([
      ['2026-11-06', '146', '359'],
      ['2026-11-02', '137', '469'],
      ['2026-11-01', '128', '389'],
    ]);
    expect(rows[0]).toMatchObject({ imported: true, declaredBy: 'import', declaredAt: null });
    expect(rows[0].openPanna).toMatchObject({ digit: '1', declaredBy: 'import', declaredAt: null });
    expect((await t.db.query('SELECT count(*)::int AS n FROM ledger')).rows[0]).toEqual(ledgerBefore);
    expect(await count(t, 'result_events')).toBe(0);
    expect(await count(t, 'push_outbox')).toBe(0);
  });

  it('importing the same file again adds nothing', async () => {
    const r = await upload(kalyan, FILE, false);
    expect(r.body.data).toMatchObject({ added: 0, unchanged: 3, holidays: 1, conflicts: [] });
    expect(await count(t, 'results')).toBe(3);
  });

  it('a day that disagrees with the stored one is a conflict and is left as it is', async () => {
    const r = await upload(kalyan, 'date,open,jodi,close\n2026-11-01,137,19,469\n2026-11-07,,,\n', false);
    expect(r.body.data).toEqual({
      added: 0,
      unchanged: 0,
      holidays: 1,
      conflicts: [{ date: '2026-11-01', existing: '128-10-389', imported: '137-19-469' }],
      invalid: [],
    });
    expect(
      (await results(kalyan)).find((x: { resultDate: string }) => x.resultDate === '2026-11-01').openPanna
        .panna,
    ).toBe('128');
  });

  it('a day with bids is declared, never imported', async () => {
    const p = await createPlayer(t, { balance: 100 });
    t.clock.set('2026-11-18T03:30:00Z');
    const bid = await t.request('POST', '/api/v1/user/main/bids', {
      token: p.token,
      body: {
        bids: [{ game: kalyan, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '1' }],
      },
    });
    expect(bid.status).toBe(201);
    t.clock.set(NOW);
    const r = await upload(kalyan, '2026-11-18,128,10,389\n', true);
    expect(r.body.data.invalid).toEqual([
      { line: 1, reason: '2026-11-18 has bids: declare its result instead' },
    ]);
  });

  it('starline and galidisawar files, a header optional', async () => {
    const s = await upload(
      star,
      '2026-11-10,11:00 AM,128,1\n2026-11-11,11:00,137,\n2026-11-12,10:00,146,1\n',
      false,
    );
    expect(s.body.data).toMatchObject({ added: 2, invalid: [{ line: 3 }] });
    expect(s.body.data.invalid[0].reason).toBe("time 10:00 is not this market's draw time (11:00)");
    const g = await upload(gali, 'date,jodi\n2026-11-10,45\n11/11/2026,**\n2026-11-12,4\n', false);
    expect(g.body.data).toMatchObject({ added: 1, holidays: 1, invalid: [{ line: 4 }] });
    expect((await results(gali, 'all-gali-result'))[0]).toMatchObject({ jodiDigit: '45', imported: true });
    expect((await results(star, 'all-starline-result'))[0]).toMatchObject({ panna: '137', digit: '1' });
  });

  it("refuses what is not the owner's or not a chart", async () => {
    const staff = await createAdmin(t, undefined, 'staff');
    expect((await upload(kalyan, '2026-11-08,128,10,389\n', false, staff.token)).status).toBe(403);
    expect((await upload('00000000-0000-4000-8000-000000000000', 'x', true)).status).toBe(404);
    expect((await upload('not-a-game', 'x', true)).status).toBe(404);
    expect((await upload(kalyan, '{"a":1}', true, owner.token, 'application/json')).status).toBe(415);
    const noGame = await t.request('POST', '/api/v1/admin/charts/import?dryRun=true', {
      raw: 'x',
      token: owner.token,
    });
    expect(noGame.status).toBe(400);
    const badRun = await t.request('POST', `/api/v1/admin/charts/import?gameId=${kalyan}&dryRun=maybe`, {
      raw: 'x',
      token: owner.token,
      headers: { 'content-type': 'text/csv' },
    });
    expect(badRun.status).toBe(400);
  });
});

describe('exporting a chart', () => {
  it('writes the same layout back, and importing the export adds nothing', async () => {
    // Today's open, declared by an operator, is in the export too (as a partial day).
    const op = await t.request('POST', '/api/v1/admin/results/main', {
      token: owner.token,
      body: { gameId: kalyan, resultDate: '2026-11-20', session: 'open', panna: '155' },
    });
    expect(op.status).toBe(201);
    const r = await t.request('GET', `/api/v1/admin/charts/export.csv?gameId=${kalyan}`, {
      token: owner.token,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="chart-kalyan-chart.csv"');
    expect(r.body).toBe(
      [
        'date,open,jodi,close',
        '2026-11-01,128,10,389',
        '2026-11-02,137,19,469',
        '2026-11-06,146,17,359',
        '2026-11-20,155,1*,***',
        '',
      ].join('\r\n'),
    );
    const again = await upload(kalyan, r.body, false);
    expect(again.body.data).toEqual({ added: 0, unchanged: 4, holidays: 0, conflicts: [], invalid: [] });
    for (const [game, path] of [
      [star, 'starline'],
      [gali, 'gali'],
    ] as const) {
      const file = await t.request('GET', `/api/v1/admin/charts/export.csv?gameId=${game}`, {
        token: owner.token,
      });
      expect(file.body.split('\r\n')[0]).toBe(path === 'gali' ? 'date,jodi' : 'date,time,panna,digit');
      const back = await upload(game, file.body, false);
      expect(back.body.data.added).toBe(0);
      expect(back.body.data.invalid).toEqual([]);
    }
  });

  it("the export is the owner's and is in the audit log", async () => {
    const staff = await createAdmin(t, undefined, 'staff');
    const r = await t.request('GET', `/api/v1/admin/charts/export.csv?gameId=${kalyan}`, {
      token: staff.token,
    });
    expect(r.status).toBe(403);
    const log = await t.db.query<{
      request: { gameId?: string; query?: { gameId?: string; dryRun?: string }; file?: { bytes?: number } };
    }>(`SELECT request FROM audit_log WHERE route LIKE '%/charts/%' AND status = 200 ORDER BY id`);
    expect(
      log.rows.some((row) => row.request.query?.gameId === kalyan && row.request.query?.dryRun === 'false'),
    ).toBe(true);
    expect(log.rows.some((row) => typeof row.request.file?.bytes === 'number')).toBe(true);
    expect(log.rows.some((row) => row.request.gameId === kalyan)).toBe(true);
  });
});
