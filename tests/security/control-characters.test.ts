import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '../../server/services/payments/signature';
import { createAdmin, createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

/**
 * "NUL characters are 500s": a \u0000 (or another control character, or a lone surrogate) in any
 * string field, object key, query value or path, and in a signed webhook body, is a 400 naming the
 * field, and nothing is written.
 */
const SECRET = 'whsec-0123456789abcdef';
let t: TestContext;
let p: PlayerFixture;
let op: { token: string };
beforeAll(async () => {
  t = await createTestContext({ env: { PAYMENT_WEBHOOK_SECRET: SECRET } });
  p = await createPlayer(t);
  op = await createAdmin(t);
});
afterAll(() => t.close());

const users = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM users')).rows[0]?.n;

describe('control characters are refused at the contract layer', () => {
  it.each([
    ['NUL', 'Asha\u0000'],
    ['BEL', 'Asha\u0007'],
    ['ESC', '\u001b[31mAsha'],
    ['DEL', 'Asha\u007f'],
    ['a lone surrogate', 'Asha\ud800'],
  ])('%s in a registration name: 400 on the field, no player created', async (_, name) => {
    const before = await users();
    const res = await t.request('POST', '/api/v1/user/register', {
      body: { name, phone: '9123400001', password: 'secret12', adult: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'Control characters are not allowed' });
    expect(await users()).toBe(before);
  });

  it('a NUL in an object key, a nested field, a query value and a path is a 400', async () => {
    const key = await t.request('POST', '/api/v1/user/login', {
      body: { phone: p.phone, password: 'x', 'ev\u0000il': 1 },
    });
    expect(key.status).toBe(400);
    const nested = await t.request('POST', '/api/v1/user/main/bids', {
      token: p.token,
      body: { bids: [{ game: 'x', gameType: 'single-digit', amount: 10, openDigit: '1\u0000' }] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual({ 'bids.0.openDigit': 'Control characters are not allowed' });
    const query = await t.request('GET', '/api/v1/admin/users?search=a%00b', { token: op.token });
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual({ search: 'Control characters are not allowed' });
    const path = await t.request('GET', '/api/v1/admin/user/abc%00def', { token: op.token });
    expect(path.status).toBe(400);
  });

  it('free text keeps its tabs and line breaks', async () => {
    const res = await t.request('POST', '/api/v1/admin/notices', {
      token: op.token,
      body: { title: 'Two lines', message: 'Line 1\r\n\tLine 2' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.message).toBe('Line 1\r\n\tLine 2');
  });

  it('a body nested 10,000 levels deep is a 400, not a crash', async () => {
    const raw = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const res = await t.request('POST', '/api/v1/user/login', { raw });
    expect(res.status).toBe(400);
  });

  it('a signed webhook body with a NUL is a 4xx and records nothing', async () => {
    const raw = JSON.stringify({
      eventId: 'evt-nul',
      orderId: 'ORDNUL0001',
      status: 'SUCCESS',
      note: 'x\u0000',
    });
    const res = await t.request('POST', '/api/payment/webhook', {
      raw,
      headers: { 'x-signature': signWebhookBody(raw, SECRET) },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const events = await t.db.query('SELECT 1 FROM payment_events');
    expect(events.rows).toHaveLength(0);
  });
});
