/**
 * Four eyes raced across two server processes on one PostgreSQL (issue 19): two owners approve the
 * same large withdrawals at the same moment, each through a different process. Each withdrawal is
 * completed exactly once (one 200 and one 202, or a 409 for a repeat), the money moves once, and
 * the audit log names both operators.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwnerFromShell, client, LIFTED_LIMITS, newPlayer } from '../../../scripts/bench/helpers.mjs';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../helpers/server-process';
import { playerWithWithdrawals } from '../helpers/withdrawals';

let db: { url: string; drop: () => Promise<void> };
let a: ServerProcess;
let b: ServerProcess;

const ENV = {
  NODE_ENV: 'development',
  DEMO_SEED: 'false',
  ADMIN_USERNAME: 'eyes-owner-a',
  ADMIN_PASSWORD: 'eyes-owner-a-pass',
  FOUR_EYES_ABOVE: '1000',
  ...LIFTED_LIMITS,
};

beforeAll(async () => {
  db = await freshPostgres();
  a = await startCompiledServer({ ...ENV, DATABASE_URL: db.url });
  b = await startCompiledServer({ ...ENV, DATABASE_URL: db.url });
}, 120_000);
afterAll(async () => {
  for (const s of [a, b]) if (s && s.proc.exitCode === null) s.proc.kill('SIGKILL');
  await Promise.all([a?.exited, b?.exited]);
  await db.drop();
});

describe('four eyes across two processes', () => {
  it('20 large withdrawals, each approved by two owners at once through different processes', async () => {
    const callA = client(a.url);
    const callB = client(b.url);
    const ownerA = await callA('POST', '/api/v1/admin/login', {
      body: { username: 'eyes-owner-a', password: 'eyes-owner-a-pass' },
    });
    // The second owner comes from the shell (nobody makes one alone).
    addOwnerFromShell({ DATABASE_URL: db.url }, { username: 'eyes-owner-b', password: 'eyes-owner-b-pass' });
    const ownerB = await callB('POST', '/api/v1/admin/login', {
      body: { username: 'eyes-owner-b', password: 'eyes-owner-b-pass' },
    });
    const player = await newPlayer(callA, ownerA.token, '9812300001');
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const ids = await playerWithWithdrawals(sql, callA, player, {
        rupees: 1_000_000,
        phone: '9812300001',
        amounts: Array.from({ length: 20 }, () => 5000),
      });
      const balanceBefore = (await sql.query('SELECT balance_paise FROM users WHERE id = $1', [player.id]))
        .rows[0].balance_paise;
      const accept = [200, 202, 409];
      const outcomes = await Promise.all(
        ids.map(async (id) => {
          const [x, y] = await Promise.all([
            callA('POST', `/api/v1/admin/withdrawals/${id}/approve`, { token: ownerA.token, accept }),
            callB('POST', `/api/v1/admin/withdrawals/${id}/approve`, { token: ownerB.token, accept }),
          ]);
          return [x.status, y.status].sort();
        }),
      );
      // Two different owners: one records the first approval (202), the other completes it (200).
      for (const o of outcomes) expect(o).toEqual([200, 202]);
      const rows = await sql.query<{ status: string; n: string }>(
        `SELECT w.status, count(*) AS n FROM withdrawals w WHERE w.id = ANY($1::uuid[]) GROUP BY w.status`,
        [ids],
      );
      expect(rows.rows).toEqual([{ status: 'approved', n: '20' }]);
      const ledger = await sql.query<{ status: string; n: string }>(
        `SELECT status, count(*) AS n FROM ledger WHERE kind LIKE 'withdrawal%' AND ref_id = ANY($1::text[])
          GROUP BY status`,
        [ids],
      );
      expect(ledger.rows).toEqual([{ status: 'completed', n: '20' }]);
      const balanceAfter = (await sql.query('SELECT balance_paise FROM users WHERE id = $1', [player.id]))
        .rows[0].balance_paise;
      expect(balanceAfter).toBe(balanceBefore);
      const audit = await sql.query<{ path: string; names: string[] }>(
        `SELECT path, array_agg(admin_username ORDER BY admin_username) AS names FROM audit_log
          WHERE route = '/api/v1/admin/withdrawals/:id/approve' GROUP BY path`,
      );
      expect(audit.rows).toHaveLength(20);
      for (const r of audit.rows) expect(r.names).toEqual(['eyes-owner-a', 'eyes-owner-b']);
      // Read through the API from the operator's own connection, in a real process: every row has
      // the withdrawal before, and the completing one has it approved after.
      const shapes = await sql.query<{ before: string | null; after: string | null; status: number }>(
        `SELECT before->>'status' AS before, after->>'status' AS after, status FROM audit_log
          WHERE route = '/api/v1/admin/withdrawals/:id/approve'`,
      );
      for (const r of shapes.rows) expect(r.before).toBe('pending');
      expect(shapes.rows.filter((r) => r.status === 200).every((r) => r.after === 'approved')).toBe(true);
      const approvals = await sql.query<{ n: string }>(
        "SELECT count(*) AS n FROM four_eyes_approvals WHERE subject = 'withdrawal'",
      );
      expect(approvals.rows[0]?.n).toBe('40');
    } finally {
      await sql.end();
    }
  }, 120_000);
});
