import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

/**
 * "Login lockout is racy": 100 wrong passwords sent at once for one phone (or one operator) must
 * have at most 5 evaluated (401), the others refused unevaluated (429), and the right password
 * is then refused too until the window passes. On PostgreSQL they run in parallel.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

function statuses(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

describe('parallel password guessing', () => {
  it('a player: 5 of 100 parallel wrong passwords evaluated, then even the right one waits', async () => {
    const p = await createPlayer(t);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.request('POST', '/api/v1/user/login', { body: { phone: p.phone, password: `wrong-${i}` } }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
    const right = await t.request('POST', '/api/v1/user/login', {
      body: { phone: p.phone, password: p.password },
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    const sent = await t.db.query('SELECT 1 FROM sms_outbox WHERE phone = $1', [p.phone]);
    expect(sent.rows).toHaveLength(0);
  });

  it('an unknown phone is locked the same way (the lock reveals nothing)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.request('POST', '/api/v1/user/login', { body: { phone: '9000000001', password: 'whatever' } }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 25 });
  });

  it('a right password gives its slot back: it does not count as a failure', async () => {
    const p = await createPlayer(t);
    const login = (password: string) =>
      t.request('POST', '/api/v1/user/login', { body: { phone: p.phone, password } });
    for (let i = 0; i < 4; i++) expect((await login(`wrong-${i}`)).status).toBe(401);
    expect((await login(p.password)).status).toBe(200);
    expect((await login('wrong-5')).status).toBe(401);
    expect((await login('wrong-6')).status).toBe(429);
  });

  it('an operator: 5 of 100 parallel wrong passwords evaluated, then the right one waits', async () => {
    const op = await createAdmin(t);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.request('POST', '/api/v1/admin/login', { body: { username: op.username, password: `nope-${i}` } }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
    const right = await t.request('POST', '/api/v1/admin/login', {
      body: { username: op.username.toUpperCase(), password: op.password },
    });
    expect(right.status).toBe(429);
  });
});
