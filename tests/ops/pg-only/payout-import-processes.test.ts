/**
 * The bank's answer to a payout batch imported twice at the same moment (issue 48): two owners
 * send the same file to two server processes on one PostgreSQL. The test holds every withdrawal's
 * row lock itself until both imports are inside their transactions and waiting for it, then lets
 * go: whichever goes first pays and refunds, the other finds every row decided. Each failed
 * withdrawal is refunded exactly once, each paid one approved once with its UTR.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, LIFTED_LIMITS, newPlayer, SECOND_OWNER } from '../../../scripts/bench/helpers.mjs';
import { twoProcessesOnPostgres } from '../helpers/server-process';
import { playerWithWithdrawals } from '../helpers/withdrawals';

const ENV = {
  NODE_ENV: 'development',
  DEMO_SEED: 'false',
  ADMIN_USERNAME: 'batch-owner',
  ADMIN_PASSWORD: 'batch-owner-pass',
  ...LIFTED_LIMITS,
};
let cluster: Awaited<ReturnType<typeof twoProcessesOnPostgres>>;

beforeAll(async () => {
  cluster = await twoProcessesOnPostgres(ENV);
}, 120_000);
afterAll(() => cluster?.stop());

type Answer = { status: number; data: { paid: number; failed: number; unchanged: number; waiting: number } };

describe('two imports of one bank answer on two processes', () => {
  it('forced to wait for each other inside their transactions: one applies it, the other changes nothing', async () => {
    const { db } = cluster;
    const callA = client(cluster.a.url);
    const callB = client(cluster.b.url);
    const ownerA = await callA('POST', '/api/v1/admin/login', {
      body: { username: ENV.ADMIN_USERNAME, password: ENV.ADMIN_PASSWORD },
    });
    const ownerB = await callB('POST', '/api/v1/admin/login', { body: SECOND_OWNER });
    const player = await newPlayer(callA, ownerA.token, '9812300002');
    const sql = new pg.Client({ connectionString: db.url });
    const watch = new pg.Client({ connectionString: db.url });
    await sql.connect();
    await watch.connect();
    try {
      const ids = await playerWithWithdrawals(sql, callA, player, {
        rupees: 100_000,
        phone: '9812300002',
        amounts: Array.from({ length: 10 }, (_, i) => 100 + i),
      });
      // Even rows paid, odd rows failed at the bank.
      const csv = [
        'reference,status,utr',
        ...ids.map((id, i) =>
          i % 2 === 0 ? `${id},paid,4332000000${String(i).padStart(2, '0')}` : `${id},failed,`,
        ),
      ].join('\n');
      const balanceBefore = Number(
        (await sql.query('SELECT balance_paise FROM users WHERE id = $1', [player.id])).rows[0].balance_paise,
      );
      const send = (call: typeof callA, token: string) =>
        call('POST', '/api/v1/admin/payouts/results', {
          token,
          rawBody: csv,
          headers: { 'content-type': 'text/csv' },
        }) as Promise<Answer>;

      let answers: Answer[] = [];
      let bothWaited = false;
      await sql.query('BEGIN');
      await sql.query('SELECT id FROM withdrawals WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
      const running = Promise.all([send(callA, ownerA.token), send(callB, ownerB.token)]);
      // Watched from another connection: inside a transaction pg_stat_activity keeps its first answer.
      for (let i = 0; i < 400 && !bothWaited; i++) {
        const waiting = await watch.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT id FROM withdrawals WHERE id = ANY%FOR UPDATE'`,
        );
        bothWaited = waiting.rows[0].n === 2;
        if (!bothWaited) await new Promise((r) => setTimeout(r, 25));
      }
      await sql.query('COMMIT');
      answers = await running;
      expect(bothWaited).toBe(true);

      expect(answers.map((x) => x.status)).toEqual([200, 200]);
      const byWork = [...answers].sort((x, y) => y.data.paid - x.data.paid);
      expect(byWork[0]?.data).toMatchObject({ paid: 5, failed: 5, unchanged: 0, waiting: 0 });
      expect(byWork[1]?.data).toMatchObject({ paid: 0, failed: 0, unchanged: 10, waiting: 0 });

      const statuses = await sql.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM withdrawals WHERE id = ANY($1::uuid[]) GROUP BY status ORDER BY status',
        [ids],
      );
      expect(statuses.rows).toEqual([
        { status: 'approved', n: 5 },
        { status: 'rejected', n: 5 },
      ]);
      const refunds = await sql.query<{ ref_id: string; n: number }>(
        `SELECT ref_id, count(*)::int AS n FROM ledger WHERE kind = 'withdrawal-refund' AND ref_id = ANY($1::text[])
          GROUP BY ref_id`,
        [ids],
      );
      expect(refunds.rows.map((r) => r.ref_id).sort()).toEqual(ids.filter((_, i) => i % 2 === 1).sort());
      expect(refunds.rows.every((r) => r.n === 1)).toBe(true);
      const failedPaise = ids.reduce((sum, _, i) => sum + (i % 2 === 1 ? (100 + i) * 100 : 0), 0);
      const balanceAfter = Number(
        (await sql.query('SELECT balance_paise FROM users WHERE id = $1', [player.id])).rows[0].balance_paise,
      );
      expect(balanceAfter).toBe(balanceBefore + failedPaise);
      const ledgerSum = await sql.query(
        'SELECT sum(amount_paise)::int8 AS s FROM ledger WHERE user_id = $1',
        [player.id],
      );
      expect(Number(ledgerSum.rows[0].s)).toBe(balanceAfter);
      const utrs = await sql.query<{ payout_utr: string }>(
        "SELECT payout_utr FROM withdrawals WHERE id = ANY($1::uuid[]) AND status = 'approved' ORDER BY payout_utr",
        [ids],
      );
      expect(utrs.rows.map((r) => r.payout_utr)).toEqual(
        ['00', '02', '04', '06', '08'].map((n) => `4332000000${n}`),
      );
      const pushes = await sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM push_outbox WHERE dedupe_key = ANY($1::text[])',
        [ids.map((id) => `withdrawal:${id}`)],
      );
      expect(pushes.rows[0]?.n).toBe(10);
    } finally {
      await sql.end();
      await watch.end();
    }
  }, 180_000);
});
