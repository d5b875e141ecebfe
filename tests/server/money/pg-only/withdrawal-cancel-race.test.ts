/**
 * A player's cancel racing an operator's approval (or rejection) of the same withdrawal, sent to two
 * server processes at once (two apps, each with its own connection pool, on one PostgreSQL
 * database, as two `npm start` processes would be): exactly one of the two wins, the other answers
 * 409, and the hold is completed or refunded exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { createPgDb } from '../../../../server/db/pg';
import type { Db } from '../../../../server/db/types';
import { createLogger } from '../../../../server/logger';
import { createAdmin, createPlayer, type PlayerFixture } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { assertInvariants } from '../helpers/invariants';
import { balanceOf } from '../helpers/money-fixtures';

let t: TestContext;
let second: { db: Db; app: ReturnType<typeof createApp> };
let op: { token: string };
let players: PlayerFixture[];

beforeAll(async () => {
  t = await createTestContext();
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const db = await createPgDb(url.toString(), { max: 10 });
  second = { db, app: createApp({ ...t.deps, db, logger: createLogger('silent') }) };
  op = await createAdmin(t);
  players = [];
  for (let i = 0; i < 8; i++) {
    const p = await createPlayer(t, { balance: 10_000 });
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'phonepe', phoneNumber: '9302101538' },
    });
    players.push(p);
  }
});
afterAll(async () => {
  await assertInvariants(t.db);
  await second.db.close();
  await t.close();
});

/** The operator's call, through the second process. */
async function viaSecond(path: string, token: string, body?: unknown) {
  const res = await second.app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; message: string } };
}

async function ledgerRows(withdrawalId: string) {
  const r = await t.db.query<{ kind: string; status: string; n: number }>(
    `SELECT kind, status, count(*)::int8 AS n FROM ledger WHERE ref_id = $1 GROUP BY kind, status ORDER BY kind`,
    [withdrawalId],
  );
  return r.rows;
}

describe('cancel versus approve on two processes', () => {
  it.each(['approve', 'reject'] as const)(
    'cancel races %s 40 times: exactly one winner each time, the money moves once',
    async (action) => {
      const tally = { cancel: 0, operator: 0 };
      for (let round = 0; round < 40; round++) {
        const p = players[round % players.length] as PlayerFixture;
        const before = await balanceOf(t, p.id);
        const made = await t.request('POST', '/api/v1/user/withdrawal', {
          token: p.token,
          body: { amount: 25, method: 'phonepe' },
        });
        expect(made.status).toBe(201);
        const id = made.body.data._id as string;
        // Alternate which call leaves first so neither side always has the head start.
        const cancel = () => t.request('POST', `/api/v1/user/withdrawal/${id}/cancel`, { token: p.token });
        const decide = () =>
          viaSecond(
            `/api/v1/admin/withdrawals/${id}/${action}`,
            op.token,
            action === 'reject' ? { reason: 'Race' } : undefined,
          );
        const [c, d] =
          round % 2 === 0
            ? await Promise.all([cancel(), decide()])
            : await Promise.all([decide(), cancel()]).then(([x, y]) => [y, x] as const);
        expect([c.status, d.status].sort()).toEqual([200, 409]);
        const loser = c.status === 409 ? c : d;
        expect(loser.body.message).toBe('This withdrawal was already decided');
        const cancelled = c.status === 200;
        tally[cancelled ? 'cancel' : 'operator'] += 1;
        const row = await t.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [
          id,
        ]);
        const refunded = cancelled || action === 'reject';
        expect(row.rows[0]?.status).toBe(
          cancelled ? 'cancelled' : action === 'approve' ? 'approved' : 'rejected',
        );
        expect(await balanceOf(t, p.id)).toBe(refunded ? before : before - 25);
        expect(await ledgerRows(id)).toEqual(
          refunded
            ? [
                { kind: 'withdrawal', status: 'failed', n: 1 },
                { kind: 'withdrawal-refund', status: 'completed', n: 1 },
              ]
            : [{ kind: 'withdrawal', status: 'completed', n: 1 }],
        );
      }
      // Which side wins a race depends on the machine's load (about 26 to 14 in 40 on an idle
      // 2-core machine, 40 to 0 on a busy one), so both orders are also played out one after the
      // other: the later call is refused either way and the money moves once.
      expect(tally.cancel + tally.operator).toBe(40);
      for (const first of ['cancel', 'operator'] as const) {
        const p = players[0] as PlayerFixture;
        const before = await balanceOf(t, p.id);
        const id = (
          await t.request('POST', '/api/v1/user/withdrawal', {
            token: p.token,
            body: { amount: 25, method: 'phonepe' },
          })
        ).body.data._id as string;
        const cancel = () => t.request('POST', `/api/v1/user/withdrawal/${id}/cancel`, { token: p.token });
        const decide = () =>
          viaSecond(
            `/api/v1/admin/withdrawals/${id}/${action}`,
            op.token,
            action === 'reject' ? { reason: 'Race' } : undefined,
          );
        const [a, b] =
          first === 'cancel' ? [await cancel(), await decide()] : [await decide(), await cancel()];
        expect([a.status, b.status]).toEqual([200, 409]);
        const refunded = first === 'cancel' || action === 'reject';
        expect(await balanceOf(t, p.id)).toBe(refunded ? before : before - 25);
      }
      await assertInvariants(t.db);
    },
  );

  it('twenty cancels of one withdrawal at once through both processes refund it once', async () => {
    const p = players[0] as PlayerFixture;
    const before = await balanceOf(t, p.id);
    const id = (
      await t.request('POST', '/api/v1/user/withdrawal', {
        token: p.token,
        body: { amount: 30, method: 'phonepe' },
      })
    ).body.data._id as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? t.request('POST', `/api/v1/user/withdrawal/${id}/cancel`, { token: p.token })
          : viaSecond(`/api/v1/user/withdrawal/${id}/cancel`, p.token),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await balanceOf(t, p.id)).toBe(before);
  });
});
