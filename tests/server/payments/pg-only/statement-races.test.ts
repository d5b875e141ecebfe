/**
 * Two bank statements uploaded at the same moment through two server processes on one PostgreSQL
 * database (issue 44). The test holds the reconciliation lock itself while both uploads start, so
 * both are inside their transactions, waiting, before either reconciles; then lets them go. Each
 * line is stored once, each exception opened once, and neither upload is blind to the other's
 * lines: the credit the second statement shows is not left reported missing by the first.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { createPgDb } from '../../../../server/db/pg';
import { createAdmin, createPlayer } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { assertInvariants } from '../../money/helpers/invariants';
import { creditedByMessage, exceptions, hdfcCsv, UPI_ENV, upiIn } from '../helpers/statements';

let t: TestContext;
let appB: ReturnType<typeof createApp>;
let closeB: () => Promise<void>;
let holder: pg.Client;
let owner: { token: string };

beforeAll(async () => {
  t = await createTestContext({ now: new Date('2026-11-24T09:40:00Z'), env: UPI_ENV });
  owner = await createAdmin(t);
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const pool = await createPgDb(url.toString(), { max: 4 });
  appB = createApp({ ...t.deps, db: pool });
  closeB = () => pool.close();
  holder = new pg.Client({ connectionString: url.toString() });
  await holder.connect();
});
afterAll(async () => {
  await assertInvariants(t.db);
  await holder.end();
  await closeB();
  await t.close();
});

const LOCK = `hashtextextended('matka-bank-reconciliation', 0)`;

async function post(app: ReturnType<typeof createApp>, csv: string) {
  const res = await app.request('/api/v1/admin/bank-statements', {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as { data: { newRows: number } } };
}

/** Both uploads start while the test holds the lock; answers once both wait on it, then frees it. */
async function together<R>(a: () => Promise<R>, b: () => Promise<R>): Promise<[R, R]> {
  await holder.query(`SELECT pg_advisory_lock(${LOCK})`);
  const both = Promise.all([a(), b()]);
  for (let i = 0; ; i++) {
    const r = await holder.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'
          AND datname = current_database()`,
    );
    if ((r.rows[0]?.n ?? 0) >= 2) break;
    if (i > 400) throw new Error('the two uploads never both waited on the reconciliation lock');
    await new Promise((r) => setTimeout(r, 25));
  }
  await holder.query(`SELECT pg_advisory_unlock(${LOCK})`);
  return both;
}

describe('two statements at once, through two processes', () => {
  it('see each other: the credit one shows is not left reported missing by the other', async () => {
    const player = await createPlayer(t, { name: 'Rahul Kumar' });
    const credit = await creditedByMessage(t, player, 1000, '632810000001');
    t.clock.set(new Date('2026-11-26T04:00:00Z'));
    // A (another account's export, say) covers the 24th and 25th without the credit; B shows the
    // credit on the 24th. Neither holds a line of the other: no unique index makes one wait.
    const a = hdfcCsv(
      [
        upiIn('2026-11-24', 40_000, '632810000077', 'Vijay Patil'),
        upiIn('2026-11-25', 30_000, '632910000088', 'Sunita Devi'),
      ],
      '2026-11-24',
      '2026-11-25',
    );
    const b = hdfcCsv([upiIn('2026-11-24', credit.payPaise, '632810000001')], '2026-11-24', '2026-11-24');
    const [ra, rb] = await together(
      () => post(t.app, a),
      () => post(appB, b),
    );
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(ra.body.data.newRows + rb.body.data.newRows).toBe(3);
    const lines = await t.db.query(`SELECT utr FROM bank_statement_rows ORDER BY utr`);
    expect(lines.rows.map((r) => (r as { utr: string }).utr)).toEqual([
      '632810000001',
      '632810000077',
      '632910000088',
    ]);
    const open = await exceptions(t, owner.token);
    expect(open.map((e) => `${e.kind} ${e.utr}`).sort()).toEqual([
      'statement-credit-uncredited 632810000077',
      'statement-credit-uncredited 632910000088',
    ]);
    const all = await t.db.query(
      `SELECT key FROM reconciliation_exceptions WHERE fund_request_id = $1 AND status = 'open'`,
      [credit.fundId],
    );
    expect(all.rows).toEqual([]);
  });

  it('the same file twice at once: one statement, the other answered as a repeat', async () => {
    const csv = hdfcCsv(
      [upiIn('2026-11-23', 12_300, '632710000055', 'Asha Rao')],
      '2026-11-23',
      '2026-11-23',
      5_000_000,
    );
    const [x, y] = await together(
      () => post(t.app, csv),
      () => post(appB, csv),
    );
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    const n = await t.db.query(`SELECT 1 FROM bank_statement_rows WHERE utr = '632710000055'`);
    expect(n.rows).toHaveLength(1);
    const e = await t.db.query(`SELECT 1 FROM reconciliation_exceptions WHERE utr = '632710000055'`);
    expect(e.rows).toHaveLength(1);
  });
});
