/**
 * A bid is judged from memory and written by one guarded statement (issue 18, server/db/functions/matka_place_bids.sql). Two
 * server processes on one PostgreSQL database: A as usual, and B whose read models and token cache
 * never hear of a change (its change feed is cut off), so B judges every bid by a stale copy and
 * only the statement's own checks stand between it and a bid that must be refused. Races against
 * an operator closing the market, a declaration, a betting switch or block, and a balance running
 * out: not one bid is accepted that any of them should have refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { ChangeFeed } from '../../../../server/db/change-feed';
import { createPgDb } from '../../../../server/db/pg';
import type { Db } from '../../../../server/db/types';
import { BLOCKED_MESSAGE } from '../../../../src/contracts/common';
import {
  BID_AFTER_CLOSE,
  GLOBAL_BATTING_DISABLED,
  marketClosedMessage,
} from '../../../../src/domain/messages';
import { createAdmin, createPlayer, type PlayerFixture } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { assertInvariants } from '../helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from '../helpers/money-fixtures';

const DAY = '2026-11-18';
let t: TestContext;
let b: { db: Db; app: ReturnType<typeof createApp>; close: () => Promise<void> };
let op: { token: string };

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  op = await createAdmin(t);
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const pool = await createPgDb(url.toString(), { max: 10 });
  // B's caches are kept by a feed no notification reaches: whatever B read once, it keeps.
  const deaf: Db = { ...pool, changes: new ChangeFeed(true) };
  b = { db: deaf, app: createApp({ ...t.deps, db: deaf }), close: () => pool.close() };
});
afterAll(async () => {
  await assertInvariants(t.db);
  await b.close();
  await t.close();
});

type Via = 'A' | 'B';
async function bid(
  via: Via,
  p: PlayerFixture,
  game: string,
  session: 'Open' | 'Close',
  amount = 10,
  digit = '1',
) {
  const app = via === 'A' ? t.app : b.app;
  const res = await app.request('/api/v1/user/main/bids', {
    method: 'POST',
    headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      bids: [{ game, gameType: 'single-digit', amount, session, [`${session.toLowerCase()}Digit`]: digit }],
    }),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

const bidRows = async (game: string, extra = '') =>
  Number(
    (await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM bids WHERE game_id = $1 ${extra}`, [game]))
      .rows[0]?.n,
  );

describe('bids raced against what refuses them (PostgreSQL, a stale second process)', () => {
  it('an operator closing the market: B, still believing it open, is refused', async () => {
    const game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const p = await createPlayer(t, { balance: 1000 });
    expect((await bid('B', p, game, 'Open')).status).toBe(201); // B now holds the game as open
    const closed = await t.request('PUT', `/api/v1/admin/main-games/${game}`, {
      token: op.token,
      body: { currentMarketStatus: false },
    });
    expect(closed.status).toBe(200);
    const after = await bid('B', p, game, 'Open');
    expect(after.status).toBe(422);
    expect(after.body.message).toBe(
      marketClosedMessage((closed.body as { data: { gameName: string } }).data.gameName),
    );
    expect(await bidRows(game)).toBe(1);

    // The same while bids are in flight through both processes: afterwards not one bid is
    // written later than the close, and every 201 is a row.
    await t.request('PUT', `/api/v1/admin/main-games/${game}`, {
      token: op.token,
      body: { currentMarketStatus: true },
    });
    const storm = Array.from({ length: 40 }, (_, i) => bid(i % 2 ? 'A' : 'B', p, game, 'Close'));
    // The moment the close has committed (its answer is back): a bid that began after it must
    // have seen it. (A bid begun while the close was still open may be placed: it came first.)
    const stormClose = t
      .request('PUT', `/api/v1/admin/main-games/${game}`, {
        token: op.token,
        body: { currentMarketStatus: false },
      })
      .then(async (r) => ({
        status: r.status,
        at: (await t.db.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0]?.at as Date,
      }));
    const results = await Promise.all(storm);
    const close = await stormClose;
    expect(close.status).toBe(200);
    for (const r of results) expect([201, 422]).toContain(r.status);
    const accepted = results.filter((r) => r.status === 201).length;
    expect(await bidRows(game)).toBe(1 + accepted);
    const late = await t.db.query('SELECT 1 FROM bids WHERE game_id = $1 AND created_at >= $2', [
      game,
      close.at,
    ]);
    expect(late.rows).toEqual([]);
    for (const via of ['A', 'B'] as const) expect((await bid(via, p, game, 'Close')).status).toBe(422);
  });

  it('a declaration: no bid is left pending under a declared session', async () => {
    const game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const p = await createPlayer(t, { balance: 1000 });
    expect((await bid('B', p, game, 'Open')).status).toBe(201); // B holds "nothing declared"
    const declared = await t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: game, resultDate: DAY, session: 'open', panna: '123' },
    });
    expect(declared.status).toBe(201);
    const after = await bid('B', p, game, 'Open');
    expect(after.status).toBe(422);
    expect(after.body.message).toBe(BID_AFTER_CLOSE);
    // Close bids are still open after the open result.
    expect((await bid('B', p, game, 'Close')).status).toBe(201);

    const other = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const players = await Promise.all(Array.from({ length: 6 }, () => createPlayer(t, { balance: 1000 })));
    for (const q of players) expect((await bid('B', q, other, 'Open')).status).toBe(201);
    const storm = players.flatMap((q, i) =>
      Array.from({ length: 8 }, (_, k) => bid((i + k) % 2 ? 'A' : 'B', q, other, 'Open', 10, String(k))),
    );
    const declare = t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: other, resultDate: DAY, session: 'open', panna: '456' },
    });
    const results = await Promise.all(storm);
    expect((await declare).status).toBe(201);
    for (const r of results) expect([201, 422]).toContain(r.status);
    expect(await bidRows(other, `AND session = 'Open' AND status = 'pending'`)).toBe(0);
    expect(await bidRows(other)).toBe(players.length + results.filter((r) => r.status === 201).length);
  });

  it('a betting switch or a block: B, with the player still cached as allowed, is refused', async () => {
    const game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const p = await createPlayer(t, { balance: 1000 });
    const q = await createPlayer(t, { balance: 1000 });
    expect((await bid('B', p, game, 'Open')).status).toBe(201);
    expect((await bid('B', q, game, 'Open')).status).toBe(201);
    const off = await t.request('PATCH', `/api/v1/admin/users/${p.id}`, {
      token: op.token,
      body: { globel_batting: false },
    });
    expect(off.status).toBe(200);
    const blocked = await t.request('PATCH', `/api/v1/admin/users/${q.id}`, {
      token: op.token,
      body: { isBlocked: true },
    });
    expect(blocked.status).toBe(200);
    const refusedSwitch = await bid('B', p, game, 'Open');
    expect(refusedSwitch).toMatchObject({ status: 403, body: { message: GLOBAL_BATTING_DISABLED } });
    const refusedBlock = await bid('B', q, game, 'Open');
    expect(refusedBlock).toMatchObject({ status: 403, body: { message: BLOCKED_MESSAGE } });
    expect(await balanceOf(t, p.id)).toBe(990);
    expect(await balanceOf(t, q.id)).toBe(990);
  });

  it('a balance running out: 30 bids of 10 through both processes on 100 places exactly 10', async () => {
    const game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const p = await createPlayer(t, { balance: 100 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => bid(i % 2 ? 'A' : 'B', p, game, 'Close', 10, String(i % 10))),
    );
    expect(results.filter((r) => r.status === 201).length).toBe(10);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r).toMatchObject({ status: 422, body: { message: 'Insufficient balance' } });
    }
    expect(await balanceOf(t, p.id)).toBe(0);
  });
});
