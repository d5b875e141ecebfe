import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

// Issue 19, operator sessions (docs/api.md "Operator accounts"): each operator sees their sessions
// (when, from where, what browser) and ends any; owners end anyone's; a password change ends all
// the others.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

async function login(username: string, password: string, address: string, agent: string) {
  const r = await t.request('POST', '/api/v1/admin/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': address, 'user-agent': agent },
  });
  expect(r.status).toBe(200);
  return r.body.token as string;
}

describe('operator sessions', () => {
  it('lists my sessions with where and what browser, marks this one, and ends another', async () => {
    const op = await createAdmin(t, 'sess-staff', 'staff');
    const phone = await login(
      'sess-staff',
      op.password,
      '10.0.0.5',
      'Mozilla/5.0 (Linux; Android 14) Chrome/130',
    );
    const laptop = await login(
      'sess-staff',
      op.password,
      '2001:db8::7',
      'Mozilla/5.0 (X11; Linux) Firefox/131',
    );
    const list = await t.request('GET', '/api/v1/admin/sessions', { token: laptop });
    expect(list.status).toBe(200);
    const mine = list.body.data as Array<Record<string, unknown>>;
    expect(mine.length).toBe(3);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    expect(mine.find((s) => s.current)).toMatchObject({
      address: '2001:db8::7',
      userAgent: expect.stringContaining('Firefox'),
    });
    const phoneSession = mine.find((s) => s.address === '10.0.0.5') as { _id: string };
    expect(phoneSession).toMatchObject({ userAgent: expect.stringContaining('Android'), current: false });
    const ended = await t.request('DELETE', `/api/v1/admin/sessions/${phoneSession._id}`, { token: laptop });
    expect(ended.status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/me', { token: phone })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/admin/me', { token: laptop })).status).toBe(200);
    // Not someone else's session.
    const other = await createAdmin(t, 'sess-other', 'staff');
    const theirs = (await t.request('GET', '/api/v1/admin/sessions', { token: other.token })).body.data[0]
      ._id;
    expect((await t.request('DELETE', `/api/v1/admin/sessions/${theirs}`, { token: laptop })).status).toBe(
      404,
    );
    expect((await t.request('GET', '/api/v1/admin/me', { token: other.token })).status).toBe(200);
  });

  it("owners see and end anyone's sessions; staff cannot", async () => {
    const owner = await createAdmin(t, 'sess-owner', 'owner');
    const desk = await createAdmin(t, 'sess-desk', 'staff');
    const second = await login('sess-desk', desk.password, '10.0.0.9', 'UA');
    const refused = await t.request('GET', `/api/v1/admin/operators/${owner.id}/sessions`, {
      token: desk.token,
    });
    expect(refused.status).toBe(403);
    const seen = await t.request('GET', `/api/v1/admin/operators/${desk.id}/sessions`, {
      token: owner.token,
    });
    expect(seen.body.data).toHaveLength(2);
    const all = await t.request('DELETE', `/api/v1/admin/operators/${desk.id}/sessions`, {
      token: owner.token,
    });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ ended: 2 });
    for (const token of [desk.token, second])
      expect((await t.request('GET', '/api/v1/admin/me', { token })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/admin/me', { token: owner.token })).status).toBe(200);
  });

  it('a password change ends every other session and keeps this one', async () => {
    const op = await createAdmin(t, 'sess-pass', 'staff');
    const other = await login('sess-pass', op.password, '10.0.0.11', 'UA');
    const wrong = await t.request('POST', '/api/v1/admin/password', {
      token: op.token,
      body: { currentPassword: 'nope', newPassword: 'a-new-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect((await t.request('GET', '/api/v1/admin/me', { token: other })).status).toBe(200);
    const changed = await t.request('POST', '/api/v1/admin/password', {
      token: op.token,
      body: { currentPassword: op.password, newPassword: 'a-new-password-1' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ ended: 1 });
    expect((await t.request('GET', '/api/v1/admin/me', { token: other })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/admin/me', { token: op.token })).status).toBe(200);
    const relogin = await t.request('POST', '/api/v1/admin/login', {
      body: { username: 'sess-pass', password: 'a-new-password-1' },
    });
    expect(relogin.status).toBe(200);
    const log = await t.db.query<{ request: Record<string, unknown> }>(
      "SELECT request FROM audit_log WHERE route = '/api/v1/admin/password'",
    );
    expect(JSON.stringify(log.rows)).not.toContain('a-new-password-1');
  });
});
