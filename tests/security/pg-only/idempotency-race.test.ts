import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryLockKey } from '../../../server/db/repositories/idempotency';
import type { Queryable } from '../../../server/db/types';
import { createPlayer } from '../../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../../server/helpers/test-app';
import { assertInvariants } from '../../server/money/helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from '../../server/money/helpers/money-fixtures';

/**
 * Same-key retries in parallel move money once; a key held by a process that dies mid-call is
 * usable again at once (its transaction and advisory lock go with its connection), not after a
 * lease of minutes.
 */
let t: TestContext;
let game: string;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

const row = () => ({ game, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '7' });

describe('Idempotency-Key under races (PostgreSQL)', () => {
  it('50 parallel retries with one key: one debit, every answer 201 (the same) or 409', async () => {
    const p = await createPlayer(t, { balance: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request('POST', '/api/v1/user/main/bids', {
          token: p.token,
          body: { bids: [row()] },
          headers: { 'idempotency-key': 'burst' },
        }),
      ),
    );
    for (const a of answers) expect([201, 409]).toContain(a.status);
    const ok = answers.filter((a) => a.status === 201);
    expect(ok.length).toBeGreaterThan(0);
    for (const a of ok) expect(a.body).toEqual(ok[0]?.body);
    expect(await balanceOf(t, p.id)).toBe(990);
  });

  it('a key held by a connection that dies is free again at once', async () => {
    const p = await createPlayer(t, { balance: 1000 });
    const send = () =>
      t.request('POST', '/api/v1/user/main/bids', {
        token: p.token,
        body: { bids: [row()] },
        headers: { 'idempotency-key': 'crash' },
      });
    const url = (t.db as unknown as { pool: { options: { connectionString: string } } }).pool.options
      .connectionString;
    const crashed = new pg.Client({ connectionString: url });
    crashed.on('error', () => {});
    await crashed.connect();
    const q: Queryable = {
      query: async (sql, params) => {
        const r = await crashed.query(sql, params as unknown[]);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
      exec: async (sql) => {
        await crashed.query(sql);
      },
    };
    await q.query('BEGIN');
    expect(await tryLockKey(q, p.id, 'crash')).toBe(true);
    const busy = await send();
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('This request is still being processed. Please wait.');
    const pid = (await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    await t.db.query('SELECT pg_terminate_backend($1)', [pid]);
    await crashed.end().catch(() => {});
    const after = await send();
    expect(after.status).toBe(201);
    expect(await balanceOf(t, p.id)).toBe(990);
  });
});
