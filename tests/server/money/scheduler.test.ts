import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findGame } from '../../../server/db/repositories/bid-games';
import { dueDraws, runDueDraws } from '../../../server/services/scheduler/draws';
import { ALL_PANNAS, isPanna } from '../../../src/domain/pannas';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { seedGame, seedRates } from './helpers/money-fixtures';

const TZ = 'Asia/Kolkata';
const ist = (hhmm: string, day = '2026-11-18') => new Date(`${day}T${hhmm}:00+05:30`);
let t: TestContext;
let p: PlayerFixture;
const g: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext({ now: ist('09:00') });
  await seedRates(t);
  g.main = await seedGame(t, {
    family: 'main',
    open: '10:00',
    close: '12:00',
    autoResult: true,
    name: 'Demo Main',
  });
  g.star = await seedGame(t, { family: 'starline', open: '11:00', autoResult: true, name: 'Demo Star' });
  g.gali = await seedGame(t, { family: 'galidisawar', open: '11:30', autoResult: true, name: 'Demo Gali' });
  g.manual = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Manual' });
  p = await createPlayer(t, { balance: 100 });
  // The first panna of the catalogue is what the injected "random" pick draws.
  const first = ALL_PANNAS[0] as string;
  const res = await t.request('POST', '/api/v1/user/main/bids', {
    token: p.token,
    body: {
      bids: [
        {
          game: g.main,
          gameType: 'single-panna',
          amount: 10,
          session: 'Open',
          openDigit: first,
          pannaType: 'SP',
        },
        {
          game: g.main,
          gameType: 'single-panna',
          amount: 10,
          session: 'Close',
          closeDigit: first,
          pannaType: 'SP',
        },
      ],
    },
  });
  expect(res.status).toBe(201);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

const results = async (gameId: string) =>
  (await t.db.query<Record<string, string | null>>('SELECT * FROM results WHERE game_id = $1', [gameId]))
    .rows;

describe('automatic draws', () => {
  it('does nothing before any draw time', async () => {
    expect(await runDueDraws(t.db, ist('09:59'), { tz: TZ })).toBe(0);
    expect(await results(g.main as string)).toEqual([]);
  });

  it('declares the open at open time, settles it, and never twice', async () => {
    expect(await runDueDraws(t.db, ist('10:00'), { tz: TZ, pick: () => 0 })).toBe(1);
    const [r] = await results(g.main as string);
    expect(r).toMatchObject({ open_panna: ALL_PANNAS[0], close_panna: null, result_date: '2026-11-18' });
    const bids = await t.db.query<{ session: string; status: string }>(
      'SELECT session, status FROM bids ORDER BY session',
    );
    expect(bids.rows).toEqual([
      { session: 'Close', status: 'pending' },
      { session: 'Open', status: 'won' },
    ]);
    expect(await runDueDraws(t.db, ist('10:01'), { tz: TZ })).toBe(0);
  });

  it('declares the close and the one-draw games, two ticks at once run each job once', async () => {
    const [a, b] = await Promise.all([
      runDueDraws(t.db, ist('12:30'), { tz: TZ, workerId: 'a', pick: () => 0 }),
      runDueDraws(t.db, ist('12:30'), { tz: TZ, workerId: 'b', pick: () => 0 }),
    ]);
    expect((a as number) + (b as number)).toBe(3);
    const [main] = await results(g.main as string);
    expect(main?.close_panna).toBe(ALL_PANNAS[0]);
    const [star] = await results(g.star as string);
    expect(isPanna(star?.panna as string)).toBe(true);
    const [gali] = await results(g.gali as string);
    expect(gali?.jodi).toMatch(/^\d{2}$/);
    expect(await results(g.manual as string)).toEqual([]);
    const pending = await t.db.query(`SELECT 1 FROM bids WHERE status = 'pending'`);
    expect(pending.rows).toHaveLength(0);
    const jobs = await t.db.query<{ n: number }>(
      'SELECT count(*)::int8 AS n FROM scheduled_draws WHERE done_at IS NOT NULL',
    );
    expect(jobs.rows[0]?.n).toBe(4);
  });

  it('leaves an operator-declared result alone', async () => {
    const op = await createAdmin(t);
    const own = await seedGame(t, { family: 'starline', open: '13:00', autoResult: true });
    await t.request('POST', '/api/v1/admin/results/starline', {
      token: op.token,
      body: { gameId: own, resultDate: '2026-11-18', panna: '370' },
    });
    expect(await runDueDraws(t.db, ist('13:05'), { tz: TZ })).toBe(1);
    const [r] = await results(own);
    expect(r?.panna).toBe('370');
  });
});

describe('dueDraws', () => {
  it('puts a past-midnight close on the market day it opened', async () => {
    const id = await seedGame(t, { family: 'main', open: '21:35', close: '00:05', autoResult: true });
    const game = await findGame(t.db, id);
    const due = dueDraws([game as NonNullable<typeof game>], ist('00:10', '2026-11-19'), TZ);
    // The 21:35 open fell yesterday (not back-filled); the close job declares a missing open first.
    expect(due.map((d) => [d.marketDay, d.kind])).toEqual([['2026-11-18', 'close']]);
    const evening = dueDraws([game as NonNullable<typeof game>], ist('21:40', '2026-11-18'), TZ);
    expect(evening.map((d) => [d.marketDay, d.kind])).toEqual([
      ['2026-11-17', 'close'],
      ['2026-11-18', 'open'],
    ]);
  });
});
