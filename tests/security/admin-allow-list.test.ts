import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { EnvError, loadEnv } from '../../server/env';
import { parseCidr } from '../../server/env-address';
import { addressAllowed } from '../../server/http/address-allow';
import { mountStatic } from '../../server/static';
import { createAdmin, createPlayer } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

// Issue 19: ADMIN_ALLOWED_CIDRS. The operator login, every route that needs an operator token and
// the console's /admin pages answer 403 to other client addresses (as TRUST_PROXY resolves them);
// players and the public reads under /admin/ are not affected.

let t: TestContext;
let dist: string;
let app: ReturnType<typeof createApp>;
const ALLOWED = '10.1.0.0/16, 2001:db8:5::/48, 192.0.2.7';

beforeAll(async () => {
  t = await createTestContext({ env: { ADMIN_ALLOWED_CIDRS: ALLOWED, TRUST_PROXY: '1' } });
  dist = mkdtempSync(join(tmpdir(), 'matka-allow-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title>');
  writeFileSync(join(dist, 'admin.html'), '<!doctype html><title>Console</title>');
  app = createApp(t.deps, { mountStatic: mountStatic(dist) });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('the list itself', () => {
  it('matches IPv4, IPv6, IPv4-mapped IPv6 and single addresses; refuses malformed lists at start', () => {
    const list = ALLOWED.split(',').map((s) => s.trim());
    for (const ok of [
      '10.1.0.1',
      '10.1.255.254',
      '::ffff:10.1.3.4',
      '2001:db8:5::1',
      '2001:db8:5:ffff::9',
      '192.0.2.7',
    ])
      expect(addressAllowed(list, ok), ok).toBe(true);
    for (const no of ['10.2.0.1', '11.1.0.1', '2001:db8:6::1', '192.0.2.8', 'unknown', '', '::1'])
      expect(addressAllowed(list, no), no).toBe(false);
    expect(addressAllowed([], 'anything')).toBe(true);
    expect(parseCidr('10.0.0.0/33')).toBeNull();
    expect(parseCidr('2001:db8::/129')).toBeNull();
    expect(parseCidr('nonsense')).toBeNull();
    expect(() => loadEnv({ ADMIN_ALLOWED_CIDRS: '10.0.0.0/8, not-a-cidr' })).toThrow(EnvError);
    expect(loadEnv({ ADMIN_ALLOWED_CIDRS: ' 10.0.0.0/8 ,::1/128' }).ADMIN_ALLOWED_CIDRS).toEqual([
      '10.0.0.0/8',
      '::1/128',
    ]);
  });
});

describe('operators from other addresses', () => {
  it('login, operator routes and the console answer 403; from the list they work', async () => {
    const op = await createAdmin(t, 'allow-owner', 'owner');
    const body = { username: 'allow-owner', password: op.password };
    const outside = from('203.0.113.9');
    const inside = from('10.1.2.3');
    const login = await t.request('POST', '/api/v1/admin/login', { body, headers: outside });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('The operator console is not available from this address');
    expect((await t.request('POST', '/api/v1/admin/login', { body, headers: inside })).status).toBe(200);
    // A token taken elsewhere is no use from outside the list.
    for (const [method, path] of [
      ['GET', '/api/v1/admin/users'],
      ['GET', '/api/v1/admin/me'],
      ['POST', '/api/v1/admin/2fa/setup'],
      ['GET', '/api/v1/user/users-counts'],
    ] as const) {
      expect((await t.request(method, path, { token: op.token, headers: outside })).status, path).toBe(403);
    }
    expect((await t.request('GET', '/api/v1/admin/users', { token: op.token, headers: inside })).status).toBe(
      200,
    );
    expect(
      (await t.request('GET', '/api/v1/admin/users', { token: op.token, headers: from('2001:db8:5:7::1') }))
        .status,
    ).toBe(200);
    // The console's pages.
    const page = (path: string, address: string) => app.request(path, { headers: from(address) });
    expect((await page('/admin', '203.0.113.9')).status).toBe(403);
    expect((await page('/admin/money', '2001:db8:6::1')).status).toBe(403);
    expect((await page('/admin.html', '203.0.113.9')).status).toBe(403);
    const console = await page('/admin/money', '10.1.9.9');
    expect(console.status).toBe(200);
    expect(await console.text()).toContain('Console');
  });

  it('players and the public reads under /admin/ are not affected', async () => {
    const p = await createPlayer(t);
    const outside = from('203.0.113.9');
    expect(
      (await t.request('GET', '/api/v1/user/user-details', { token: p.token, headers: outside })).status,
    ).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/main-games', { headers: outside })).status).toBe(200);
    expect(
      (await t.request('GET', '/api/v1/admin/main-games', { token: p.token, headers: outside })).status,
    ).toBe(200);
    expect((await app.request('/home', { headers: outside })).status).toBe(200);
  });

  it("an allowed operator's writes still record the resource before and after", async () => {
    const op = await createAdmin(t, 'allow-writer', 'staff');
    const p = await createPlayer(t);
    const res = await t.request('PATCH', `/api/v1/admin/users/${p.id}`, {
      token: op.token,
      body: { isBlocked: true },
      headers: from('10.1.4.4'),
    });
    expect(res.status).toBe(200);
    const row = await t.db.query<{
      before: { isBlocked: boolean } | null;
      after: { isBlocked: boolean } | null;
    }>('SELECT before, after FROM audit_log WHERE path = $1', [`/api/v1/admin/users/${p.id}`]);
    expect(row.rows[0]?.before?.isBlocked).toBe(false);
    expect(row.rows[0]?.after?.isBlocked).toBe(true);
  });
});
