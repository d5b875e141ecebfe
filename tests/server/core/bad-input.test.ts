import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteIds, variants, type Who } from '../helpers/bad-input-routes';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let admin: { token: string };
let player: PlayerFixture;
let other: PlayerFixture;
let gameId: string;
let noticeId: string;

const TABLES = [
  'users',
  'admins',
  'auth_tokens',
  'otps',
  'sms_outbox',
  'password_reset_grants',
  'games',
  'game_schedules',
  'rates',
  'settings',
  'sliders',
  'notices',
  'videos',
  'footer_links',
  'app_logos',
  'device_tokens',
  'ledger',
  'referrals',
];

/** A fingerprint of every table a bad request could write to. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const r = await t.db.query<{ n: number; h: string | null }>(
      // A token's last_used_at is the activity stamp behind "players online" (server/http/auth.ts):
      // using a token is not a write a refused request made.
      `SELECT count(*)::int8 AS n,
              md5(string_agg((to_jsonb(x) - 'last_used_at')::text, ',' ORDER BY (to_jsonb(x) - 'last_used_at')::text)) AS h
         FROM ${table} x`,
    );
    parts.push(`${table}:${r.rows[0]?.n}:${r.rows[0]?.h}`);
  }
  return parts.join('|');
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdmin(t);
  player = await createPlayer(t);
  other = await createPlayer(t);
  const g = await t.request('POST', '/api/v1/admin/main-games', {
    token: admin.token,
    body: { gameName: 'Kalyan', openTime: '16:10', closeTime: '18:10' },
  });
  gameId = g.body.data._id;
  noticeId = (
    await t.request('POST', '/api/v1/admin/notices', {
      token: admin.token,
      body: { title: 'N', message: 'M' },
    })
  ).body.data._id;
});
afterAll(() => t.close());

const ids = (): RouteIds => ({ gameId, noticeId, otherId: other.id });
const token = (who: Who) => (who === 'admin' ? admin.token : who === 'player' ? player.token : undefined);

describe.each(
  ROUTES.map((r) => [`${r.method} ${r.path.toString().replace(/^\(_ids\) => /, '')}`, r] as const),
)('bad input: %s', (_name, route) => {
  it.each(variants(route))('%s -> 4xx, nothing written', async (_label, body) => {
    const before = await snapshot();
    const res = await t.request(route.method, route.path(ids()), { token: token(route.who), body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ status: false });
    expect(typeof res.body.message).toBe('string');
    expect(await snapshot()).toBe(before);
  });

  it('malformed JSON -> 400', async () => {
    const res = await t.request(route.method, route.path(ids()), {
      token: token(route.who),
      raw: '{"a": 1,,}',
    });
    expect(res.status).toBe(400);
  });

  if (route.who !== 'none') {
    it.each([
      ['no token', undefined],
      ['a forged token', 'Zm9yZ2VkLXRva2VuLXRoYXQtZG9lcy1ub3QtZXhpc3Q'],
      ['a malformed header value', 'bad token!'],
    ])('%s -> 401', async (_label, tok) => {
      const res = await t.request(route.method, route.path(ids()), { token: tok, body: route.valid });
      expect(res.status).toBe(401);
    });
  }
  if (route.who === 'admin') {
    it('a player token -> 403', async () => {
      const res = await t.request(route.method, route.path(ids()), {
        token: player.token,
        body: route.valid,
      });
      expect(res.status).toBe(403);
    });
  }
});

describe('unknown and foreign ids', () => {
  const UNKNOWN = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
  it.each([
    ['GET', `/api/v1/admin/user/${UNKNOWN}`, 404],
    ['GET', '/api/v1/admin/user/not-a-uuid', 404],
    ['GET', "/api/v1/admin/user/1' OR '1'='1", 404],
    ['PUT', `/api/v1/admin/main-games/${UNKNOWN}`, 404],
    ['DELETE', `/api/v1/admin/starline-games/${UNKNOWN}`, 404],
    ['DELETE', '/api/v1/admin/galidisawar-games/%27%3B--', 404],
    ['PATCH', `/api/v1/admin/users/${UNKNOWN}`, 404],
    ['DELETE', `/api/v1/admin/videos/${UNKNOWN}`, 404],
    ['GET', `/api/v1/admin/all-result?gameId=${UNKNOWN}`, 404],
    ['GET', '/api/v1/admin/all-result?date=2026-02-30', 400],
    ['GET', '/api/v1/admin/all-starline-result?from=2026-11-21&to=2026-11-01', 400],
    ['GET', '/api/v1/admin/all-gali-result?limit=abc', 400],
    ['GET', '/api/v1/admin/all-gali-result?page=0', 400],
  ])('%s %s -> %i', async (method, path, status) => {
    const body = method === 'PUT' ? { isActive: true } : method === 'PATCH' ? { isBlocked: true } : undefined;
    const res = await t.request(method, path, { token: admin.token, body });
    expect(res.status).toBe(status);
    expect(res.body.status).toBe(false);
  });

  it("a player cannot read another player's record", async () => {
    const res = await t.request('GET', `/api/v1/admin/user/${other.id}`, { token: player.token });
    expect(res.status).toBe(403);
    const own = await t.request('GET', `/api/v1/admin/user/${player.id}`, { token: player.token });
    expect(own.status).toBe(200);
  });

  it.each([
    '/api/v1/user/user-details',
    '/api/v1/user/users',
    '/api/v1/user/users-counts',
    '/api/v1/dashboard-stats',
    '/api/v1/admin/required-update',
    '/api/v1/admin/all-slider',
    '/api/v1/footer-links',
    '/api/v1/admin/sms-outbox',
  ])('GET %s with an expired token -> 401', async (path) => {
    const p = await createPlayer(t);
    await t.db.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      p.id,
    ]);
    expect((await t.request('GET', path, { token: p.token })).status).toBe(401);
  });
});
