/**
 * Live results across two server processes on one PostgreSQL (issue 40): a result declared and
 * reverted through one process reaches the event streams held open on the other within a second
 * (the change feed's LISTEN/NOTIFY wakes it), and a stream that reconnects to either process with
 * Last-Event-ID gets what it missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, LIFTED_LIMITS } from '../../../scripts/bench/helpers.mjs';
import { type OpenStream, openStream } from '../../server/live/stream-client';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../helpers/server-process';

let db: { url: string; drop: () => Promise<void> };
let a: ServerProcess;
let b: ServerProcess;
const streams: OpenStream[] = [];
const TZ = 'Asia/Kolkata';

const ENV = {
  NODE_ENV: 'development',
  DEMO_SEED: 'false',
  MARKET_TZ: TZ,
  ADMIN_USERNAME: 'live-owner',
  ADMIN_PASSWORD: 'live-owner-pass',
  ...LIFTED_LIMITS,
};

beforeAll(async () => {
  db = await freshPostgres();
  a = await startCompiledServer({ ...ENV, DATABASE_URL: db.url });
  b = await startCompiledServer({ ...ENV, DATABASE_URL: db.url });
}, 120_000);
afterAll(async () => {
  for (const s of streams) s.close();
  for (const s of [a, b]) if (s && s.proc.exitCode === null) s.proc.kill('SIGKILL');
  await Promise.all([a?.exited, b?.exited]);
  await db.drop();
});

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());

describe('live results across two processes', () => {
  it('a declaration and a revert on one process reach the streams on the other within a second', async () => {
    const callA = client(a.url);
    const owner = (
      await callA('POST', '/api/v1/admin/login', {
        body: { username: 'live-owner', password: 'live-owner-pass' },
      })
    ).token as string;
    const game = (
      await callA('POST', '/api/v1/admin/main-games', {
        token: owner,
        body: { gameName: 'TWO PROCESS', openTime: '00:00', closeTime: '23:59' },
      })
    ).data._id as string;
    for (let i = 0; i < 5; i++) streams.push(await openStream(b.url));
    const onA = await openStream(a.url);
    streams.push(onA);
    for (const s of streams) await s.next((x) => x.event === 'ready');

    const started = Date.now();
    const declared = await callA('POST', '/api/v1/admin/results/main', {
      token: owner,
      body: { gameId: game, resultDate: today(), session: 'open', panna: '128' },
    });
    expect(declared.status).toBe(201);
    const arrivals = await Promise.all(
      streams.map((s) =>
        s.next((x) => x.event === 'result' && JSON.parse(x.data ?? '{}').gameId === game, 1000),
      ),
    );
    for (const got of arrivals) {
      expect(got.at - started).toBeLessThan(1000);
      expect(JSON.parse(got.data as string)).toEqual({
        family: 'main',
        gameId: game,
        gameName: 'TWO PROCESS',
        resultDate: today(),
        session: 'open',
        panna: '128',
        digit: '1',
      });
    }
    const ids = new Set(arrivals.map((x) => x.id));
    expect(ids.size).toBe(1);

    const revertStarted = Date.now();
    const reverted = await callA('DELETE', `/api/v1/admin/results/main/${declared.data.result._id}`, {
      token: owner,
      body: { reason: 'Typed the wrong panna' },
    });
    expect(reverted.status).toBe(200);
    for (const s of streams) {
      const got = await s.next((x) => x.event === 'revert', 1000);
      expect(got.at - revertStarted).toBeLessThan(1000);
    }

    // A client that dropped before both events gets them again from the other process.
    const resumed = await openStream(b.url, { 'Last-Event-ID': String(Number([...ids][0]) - 1) });
    streams.push(resumed);
    await resumed.next((x) => x.event === 'ready');
    expect(
      resumed.blocks.filter((x) => x.event === 'result' || x.event === 'revert').map((x) => x.event),
    ).toEqual(['result', 'revert']);
  }, 60_000);

  it('SIGTERM ends the streams and the process exits 0 at once', async () => {
    const s = await openStream(b.url);
    await s.next((x) => x.event === 'ready');
    const started = Date.now();
    b.proc.kill('SIGTERM');
    await s.ended;
    expect(await b.exited).toBe(0);
    // NODE_ENV=development: a 5 s drain delay, then nothing left to wait for.
    expect(Date.now() - started).toBeLessThan(9000);
  }, 30_000);
});
