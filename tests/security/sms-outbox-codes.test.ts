import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

// Issue 19: with SMS_PROVIDER=outbox, GET /admin/sms-outbox showed players' login codes to staff,
// unaudited: a staff member could sign in as any player. Reading the outbox is now an owner-only,
// audited act, and codes are masked for anyone but owners outside production.

const PRODUCTION = {
  NODE_ENV: 'production',
  MONEY_MODE: 'real',
  OTP_SECRET: 'a-long-enough-secret',
  SMS_PROVIDER: 'outbox',
  PAYMENT_PROVIDER: 'upi',
  UPI_VPA: 'shop@okaxis',
  UPI_PAYEE_NAME: 'Shop',
  // Two-factor sign-in is not what this file tests (tests/security/operator-2fa.test.ts is).
  ADMIN_REQUIRE_2FA: 'false',
};

async function loginCodeFor(t: TestContext) {
  const p = await createPlayer(t);
  const res = await t.request('POST', '/api/v1/user/login', {
    body: { phone: p.phone, password: p.password },
  });
  expect(res.status).toBe(200);
  const row = await t.db.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1', [p.phone]);
  const code = /\b(\d{4})\b/.exec(row.rows[0]?.text ?? '')?.[1] as string;
  expect(code).toMatch(/^\d{4}$/);
  return { phone: p.phone, code };
}

const outboxRows = (t: TestContext) =>
  t.db.query<{ admin_username: string; method: string; status: number; request: unknown }>(
    "SELECT admin_username, method, status, request FROM audit_log WHERE route = '/api/v1/admin/sms-outbox' ORDER BY id",
  );

describe('outside production', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('staff cannot read the outbox at all (403), and the attempt is in the audit log', async () => {
    const staff = await createAdmin(t, 'sms-staff', 'staff');
    const { phone, code } = await loginCodeFor(t);
    const res = await t.request('GET', `/api/v1/admin/sms-outbox?phone=${phone}`, { token: staff.token });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(code);
    expect((await outboxRows(t)).rows.map((r) => [r.admin_username, r.method, r.status])).toEqual([
      ['sms-staff', 'GET', 403],
    ]);
  });

  it('an owner reads the codes, and every reading is audited with its filter', async () => {
    const owner = await createAdmin(t, 'sms-owner', 'owner');
    const { phone, code } = await loginCodeFor(t);
    const res = await t.request('GET', `/api/v1/admin/sms-outbox?phone=${phone}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data[0].text).toContain(code);
    const rows = (await outboxRows(t)).rows;
    expect(rows.at(-1)).toMatchObject({
      admin_username: 'sms-owner',
      method: 'GET',
      status: 200,
      request: { phone },
    });
  });
});

describe('in production with the outbox', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: PRODUCTION });
  });
  afterAll(() => t.close());

  it('even an owner sees the codes masked, and the answer says plainly why', async () => {
    const owner = await createAdmin(t, 'prod-owner', 'owner');
    const { phone, code } = await loginCodeFor(t);
    const res = await t.request('GET', `/api/v1/admin/sms-outbox?phone=${phone}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(code);
    expect(res.body.data[0].text).toContain('••••');
    expect(res.body.message).toMatch(/codes are masked/i);
  });
});
