import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb } from '../../../server/db/pg';
import { sendDueSms } from '../../../server/services/sms/worker';
import { createPlayer } from '../../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../../server/helpers/test-app';
import { startSmsGateway } from '../helpers/sms-gateway';

/**
 * Several server processes drain one SMS outbox: every message is sent exactly once while the
 * gateway answers, and a message claimed by a process that died mid-send is taken over after
 * the lease. Two separate connection pools stand in for two processes.
 */
let t: TestContext;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;

beforeAll(async () => {
  gateway = await startSmsGateway('ok');
  t = await createTestContext({ env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: gateway.url } });
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

describe('SMS workers in several processes (PostgreSQL)', () => {
  it('four workers on two pools send 60 queued messages exactly once each', async () => {
    const players = await Promise.all(Array.from({ length: 60 }, () => createPlayer(t)));
    await Promise.all(
      players.map((p) => t.request('POST', '/api/v1/user/forget-password', { body: { phone: p.phone } })),
    );
    const db = t.db as TestContext['db'] & { pool: { options: { connectionString?: string } } };
    const other = await createPgDb(db.pool.options.connectionString as string, { max: 5 });
    try {
      const worker = (pool: typeof t.db, id: string) => async () => {
        while ((await sendDueSms({ db: pool, env: t.env, logger: t.deps.logger }, id, 4)) > 0) {
          // drain
        }
      };
      await Promise.all([
        worker(t.db, 'a')(),
        worker(t.db, 'b')(),
        worker(other, 'c')(),
        worker(other, 'd')(),
      ]);
    } finally {
      await other.close();
    }
    const perPhone = new Map<string, number>();
    for (const c of gateway.calls) perPhone.set(c.phone, (perPhone.get(c.phone) ?? 0) + 1);
    expect(perPhone.size).toBe(60);
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
    const statuses = await t.db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int8 AS n FROM sms_outbox GROUP BY status',
    );
    expect(statuses.rows).toEqual([{ status: 'sent', n: 60 }]);
  });

  it('a claim left by a dead process is taken over after the lease, not before', async () => {
    const p = await createPlayer(t);
    await t.request('POST', '/api/v1/user/forget-password', { body: { phone: p.phone } });
    await t.db.query(
      `UPDATE sms_outbox SET claimed_by = 'dead-process', claimed_at = now(), attempts = 1 WHERE phone = $1`,
      [p.phone],
    );
    expect(await sendDueSms({ db: t.db, env: t.env, logger: t.deps.logger })).toBe(0);
    await t.db.query(`UPDATE sms_outbox SET claimed_at = now() - interval '31 seconds' WHERE phone = $1`, [
      p.phone,
    ]);
    expect(await sendDueSms({ db: t.db, env: t.env, logger: t.deps.logger })).toBe(1);
    const row = await t.db.query<{ status: string }>('SELECT status FROM sms_outbox WHERE phone = $1', [
      p.phone,
    ]);
    expect(row.rows[0]?.status).toBe('sent');
  });
});
