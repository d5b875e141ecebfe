import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers a public read in the success envelope', async () => {
    const res = await t.request('GET', '/api/v1/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, data: { isActive: false } });
  });

  it('answers unknown API paths with a 404 failure envelope', async () => {
    const res = await t.request('GET', '/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: false, message: 'API route not found', errors: {} });
  });

  it('answers malformed JSON with 400', async () => {
    const admin = await createAdmin(t);
    const res = await t.request('PUT', '/api/v1/admin/app-link', { raw: '{"applink":', token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Malformed JSON body');
  });

  it('answers zod failures with 400 and an errors map', async () => {
    const admin = await createAdmin(t);
    const res = await t.request('PUT', '/api/v1/admin/required-update', {
      token: admin.token,
      body: { min_bidamount: 'ten', max_bidamount: 5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
    expect(Object.keys(res.body.errors)).toContain('min_bidamount');
  });

  it('answers an oversize body with 413', async () => {
    const admin = await createAdmin(t);
    const res = await t.request('PUT', '/api/v1/admin/contact', {
      token: admin.token,
      body: { telegram: 'x'.repeat(300 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.status).toBe(false);
  });
});

describe('auth middleware', () => {
  it('401 without a token, 401 with a forged one', async () => {
    expect((await t.request('GET', '/api/v1/user/user-details')).status).toBe(401);
    const forged = await t.request('GET', '/api/v1/user/user-details', { token: 'A'.repeat(43) });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('Session expired, please login again');
  });

  it('401 for an expired token', async () => {
    const p = await createPlayer(t);
    await t.db.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      p.id,
    ]);
    expect((await t.request('GET', '/api/v1/user/user-details', { token: p.token })).status).toBe(401);
  });

  it('403 for a player on an operator call, 200 for the operator', async () => {
    const p = await createPlayer(t);
    const a = await createAdmin(t);
    expect((await t.request('GET', '/api/v1/user/users-counts', { token: p.token })).status).toBe(403);
    const res = await t.request('GET', '/api/v1/user/users-counts', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(1);
  });

  it('reads the signed-in player with money in points', async () => {
    const p = await createPlayer(t, { balance: 12.5 });
    const res = await t.request('GET', '/api/v1/user/user-details', { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: p.id, phone: p.phone, balance: 12.5, globel_batting: true });
    expect(JSON.stringify(res.body)).not.toContain('password');
  });
});

describe('paging', () => {
  it('accepts the malformed ?page=2?limit=1 form', async () => {
    const a = await createAdmin(t);
    await createPlayer(t);
    await createPlayer(t);
    const res = await t.request('GET', '/api/v1/user/users?page=2?limit=1', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 2, limit: 1, hasPreviousPage: true });
    expect(res.body.data).toHaveLength(1);
  });

  it('rejects a non-numeric page with 400', async () => {
    const a = await createAdmin(t);
    const res = await t.request('GET', '/api/v1/user/users?page=abc', { token: a.token });
    expect(res.status).toBe(400);
    expect(res.body.errors.page).toBe('page must be a whole number');
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the route schemas', async () => {
    const res = await t.request('GET', '/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/api/v1/admin/required-update'].put.requestBody).toBeDefined();
  });
});
