/**
 * Public read models and bearer tokens served from memory: a repeat poll and a known token touch no
 * database, and any committed change (through the API or straight in SQL, as another process would
 * write it) reaches the very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { Db } from '../../../server/db/types';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let app: ReturnType<typeof createApp>;
let queries = 0;
let p: PlayerFixture;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestContext();
  // The same database and change feed, counting every statement the app sends.
  const counted: Db = {
    ...t.db,
    query: (sql, params) => {
      queries += 1;
      return t.db.query(sql, params);
    },
  };
  app = createApp({ ...t.deps, db: counted });
  p = await createPlayer(t);
  admin = await createAdmin(t);
});
afterAll(() => t.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const before = queries;
  const res = await app.request(path, { headers });
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get('etag') ?? '',
    body: text ? JSON.parse(text) : null,
    queries: queries - before,
  };
}

describe('public read models', () => {
  it('a repeat poll of the market list is answered from memory; with its ETag, a bodiless 304', async () => {
    const first = await get('/api/v1/admin/main-games');
    expect(first.status).toBe(200);
    expect(first.queries).toBeGreaterThan(0);
    const again = await get('/api/v1/admin/main-games');
    expect(again).toMatchObject({ status: 200, queries: 0, etag: first.etag });
    expect(again.body).toEqual(first.body);
    const notModified = await get('/api/v1/admin/main-games', { 'if-none-match': first.etag });
    expect(notModified).toMatchObject({ status: 304, queries: 0, body: null });
  });

  it('a change committed in SQL by another writer shows on the next request', async () => {
    const before = await get('/api/v1/notices');
    await get('/api/v1/notices');
    await t.db.query(`INSERT INTO notices (title, message) VALUES ('Diwali', 'Markets closed on Diwali')`);
    const after = await get('/api/v1/notices');
    expect(after.queries).toBeGreaterThan(0);
    expect(after.etag).not.toBe(before.etag);
    expect(after.body.data.map((n: { title: string }) => n.title)).toContain('Diwali');
  });

  it("an operator's rate change shows on the next poll", async () => {
    const before = await get('/api/v1/admin/game-point');
    const res = await app.request('/api/v1/admin/game-point', {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jodiDigitPoint: 11 }),
    });
    expect(res.status).toBe(200);
    const after = await get('/api/v1/admin/game-point', { 'if-none-match': before.etag });
    expect(after.status).toBe(200);
    expect(after.body.data[0].jodiDigitPoint).toBe(11);
  });

  it('steps aside while the change feed is down: every read goes to the database', async () => {
    await get('/api/v1/admin/contact');
    t.db.changes.setLive(false);
    try {
      expect((await get('/api/v1/admin/contact')).queries).toBeGreaterThan(0);
      expect((await get('/api/v1/admin/contact')).queries).toBeGreaterThan(0);
    } finally {
      t.db.changes.setLive(true);
    }
  });
});

describe('bearer tokens', () => {
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a known token is looked up once, not on every request', async () => {
    const first = await get('/api/v1/user/user-details', as(p.token));
    expect(first.status).toBe(200);
    const again = await get('/api/v1/user/user-details', as(p.token));
    expect(again.status).toBe(200);
    expect(again.queries).toBeLessThan(first.queries);
  });

  it('a token revoked in SQL is refused on the very next request', async () => {
    const other = await createPlayer(t);
    expect((await get('/api/v1/user/user-details', as(other.token))).status).toBe(200);
    await t.db.query('UPDATE auth_tokens SET revoked_at = now() WHERE user_id = $1', [other.id]);
    expect((await get('/api/v1/user/user-details', as(other.token))).status).toBe(401);
  });

  it('a player blocked in SQL is refused on the very next request', async () => {
    const other = await createPlayer(t);
    expect((await get('/api/v1/user/user-details', as(other.token))).status).toBe(200);
    await t.db.query('UPDATE users SET is_blocked = true WHERE id = $1', [other.id]);
    expect((await get('/api/v1/user/user-details', as(other.token))).status).toBe(403);
  });

  it('a balance change (every bid) does not drop the token cache', async () => {
    await get('/api/v1/user/user-details', as(p.token));
    const version = t.db.changes.version('auth');
    await t.db.query('UPDATE users SET balance_paise = balance_paise WHERE id = $1', [p.id]);
    expect(t.db.changes.version('auth')).toBe(version);
  });
});
