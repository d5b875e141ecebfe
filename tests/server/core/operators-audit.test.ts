import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ONLY_MESSAGE } from '../../../server/http/auth';
import { adjustWallet, createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

// Issue 12's server side: operator roles enforced by the server on every admin route, and the
// append-only audit log of every operator write (migration 005, server/http/audit.ts).

let t: TestContext;
let owner: Awaited<ReturnType<typeof createAdmin>>;
let staff: Awaited<ReturnType<typeof createAdmin>>;

type Operation = { method: string; path: string; auth: string };

/** Every admin operation of the OpenAPI document, with its x-auth. */
async function adminOperations(): Promise<Operation[]> {
  const doc = (await t.request('GET', '/api/docs/openapi.json')).body as {
    paths: Record<string, Record<string, { 'x-auth': string }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op['x-auth'] === 'admin' || op['x-auth'] === 'owner')
      .map(([method, op]) => ({ method: method.toUpperCase(), path, auth: op['x-auth'] })),
  );
}

/** A concrete URL for an OpenAPI path: every {param} becomes an id nobody has. */
const concrete = (path: string) =>
  path.replace(/\{family\}/g, 'main').replace(/\{[^}]+\}/g, () => randomUUID());

const auditCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-21T06:30:00Z' });
  owner = await createAdmin(t, 'owner1', 'owner');
  staff = await createAdmin(t, 'staff1', 'staff');
});
afterAll(() => t.close());

describe('roles, enforced by the server on every admin route', () => {
  it('the document marks settings, wallet adjustments and operator management owner-only', async () => {
    const ops = await adminOperations();
    const ownerOnly = ops.filter((o) => o.auth === 'owner').map((o) => `${o.method} ${o.path}`);
    expect(ownerOnly).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/admin/contact',
        'PUT /api/v1/admin/app-link',
        'PUT /api/v1/admin/required-update',
        'PUT /api/v1/admin/maintenance',
        'POST /api/v1/admin/users/{id}/wallet',
        'GET /api/v1/admin/operators',
        'POST /api/v1/admin/operators',
        'PATCH /api/v1/admin/operators/{id}',
      ]),
    );
    expect(ops.length).toBeGreaterThan(30);
  });

  it('staff get 403 on every owner-only route and never on the others; owners never', async () => {
    for (const op of await adminOperations()) {
      const url = concrete(op.path);
      const asStaff = await t.request(op.method, url, {
        token: staff.token,
        body: op.method === 'GET' ? undefined : {},
      });
      if (op.auth === 'owner') {
        expect(asStaff.status, `${op.method} ${op.path}`).toBe(403);
        expect(asStaff.body.message).toBe(OWNER_ONLY_MESSAGE);
      } else {
        expect(asStaff.status, `${op.method} ${op.path}`).not.toBe(403);
      }
      if (op.method === 'GET') {
        const asOwner = await t.request(op.method, url, { token: owner.token });
        expect(asOwner.status, `${op.method} ${op.path}`).not.toBe(403);
      }
    }
  });

  it('a player token is refused everywhere an operator is needed', async () => {
    const p = await createPlayer(t);
    for (const op of (await adminOperations()).filter((o) => o.path.includes('/admin/operators'))) {
      const body = op.method === 'GET' ? undefined : {};
      expect((await t.request(op.method, concrete(op.path), { token: p.token, body })).status).toBe(403);
    }
  });
});

describe('operators', () => {
  it('an owner asks for staff, a second owner approves; staff cannot ask; the password never reaches the log', async () => {
    const second = await createAdmin(t, 'owner2', 'owner');
    const created = await t.request('POST', '/api/v1/admin/operators', {
      token: owner.token,
      body: { username: 'desk.2', password: 'desk-pass-123', role: 'staff' },
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ message: 'Waiting for a second owner', data: { approvals: 1 } });
    const id = created.body.data._id as string;
    // Until a second owner approves, the account cannot sign in.
    const early = await t.request('POST', '/api/v1/admin/login', {
      body: { username: 'desk.2', password: 'desk-pass-123' },
    });
    expect(early.status).toBe(401);
    const dup = await t.request('POST', '/api/v1/admin/operators', {
      token: owner.token,
      body: { username: 'desk.2', password: 'desk-pass-123', role: 'staff' },
    });
    expect(dup.status).toBe(409);
    const refused = await t.request('POST', '/api/v1/admin/operators', {
      token: staff.token,
      body: { username: 'sneaky', password: 'desk-pass-123', role: 'owner' },
    });
    expect(refused.status).toBe(403);
    const approved = await t.request('POST', `/api/v1/admin/operators/${id}/approve`, {
      token: second.token,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      username: 'desk.2',
      role: 'staff',
      isActive: true,
      waiting: null,
    });
    const login = await t.request('POST', '/api/v1/admin/login', {
      body: { username: 'desk.2', password: 'desk-pass-123' },
    });
    expect(login.status).toBe(200);
    const me = await t.request('GET', '/api/v1/admin/me', { token: login.body.token });
    expect(me.body.data).toMatchObject({ username: 'desk.2', role: 'staff' });
    const logged = await t.db.query<{ request: Record<string, unknown> }>(
      `SELECT request FROM audit_log WHERE route LIKE '/api/v1/admin/%' AND request->>'username' IN ('desk.2', 'sneaky')`,
    );
    // Three requests and two sign-ins, each with the password redacted.
    expect(logged.rows.length).toBe(5);
    for (const row of logged.rows) expect(row.request.password).toBe('[redacted]');
    expect(JSON.stringify(logged.rows)).not.toContain('desk-pass-123');
  });

  it('the last active owner can be neither demoted nor switched off; switching off ends sessions', async () => {
    const solo = await createTestContext({ now: '2026-11-21T06:30:00Z' });
    try {
      const only = await createAdmin(solo, 'only-owner', 'owner');
      const demote = await solo.request('PATCH', `/api/v1/admin/operators/${only.id}`, {
        token: only.token,
        body: { role: 'staff' },
      });
      expect(demote.status).toBe(409);
      const desk = await createAdmin(solo, 'desk', 'staff');
      const off = await solo.request('PATCH', `/api/v1/admin/operators/${desk.id}`, {
        token: only.token,
        body: { isActive: false },
      });
      expect(off.status).toBe(200);
      expect((await solo.request('GET', '/api/v1/admin/me', { token: desk.token })).status).toBe(401);
    } finally {
      await solo.close();
    }
  });
});

describe('audit log', () => {
  it('every admin write leaves exactly one row, refused and failed ones too (generated from the document)', async () => {
    for (const op of (await adminOperations()).filter((o) => o.method !== 'GET')) {
      const before = await auditCount();
      const res = await t.request(op.method, concrete(op.path), { token: staff.token, body: {} });
      expect(await auditCount(), `${op.method} ${op.path} answered ${res.status}`).toBe(before + 1);
    }
    // Reads are not operator writes; a sign-in is recorded (its own row).
    const before = await auditCount();
    await t.request('GET', '/api/v1/admin/users', { token: owner.token });
    expect(await auditCount()).toBe(before);
    await t.request('POST', '/api/v1/admin/login', {
      body: { username: 'owner1', password: 'admin-pass-123' },
    });
    expect(await auditCount()).toBe(before + 1);
  });

  it('keeps who, what, the resource before and after, and the client address', async () => {
    const player = await createPlayer(t);
    const blocked = await t.request('PATCH', `/api/v1/admin/users/${player.id}`, {
      token: staff.token,
      body: { isBlocked: true },
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    const credited = await adjustWallet(
      t,
      player.id,
      { type: 'credit', amount: 250, description: 'Goodwill' },
      owner.token,
    );
    expect(credited.status).toBe(200);
    const log = await t.request('GET', `/api/v1/admin/audit-log?route=users&limit=2`, { token: staff.token });
    expect(log.status).toBe(200);
    const [request, block] = log.body.data;
    expect(block).toMatchObject({
      username: 'staff1',
      role: 'staff',
      method: 'PATCH',
      route: '/api/v1/admin/users/:id',
      path: `/api/v1/admin/users/${player.id}`,
      status: 200,
      request: { isBlocked: true },
      before: { _id: player.id, isBlocked: false },
      after: { _id: player.id, isBlocked: true },
    });
    expect(typeof block.clientAddress).toBe('string');
    // Four eyes (issue 19): the request moves nothing; the second owner's approval moves the money.
    expect(request).toMatchObject({
      username: 'owner1',
      method: 'POST',
      route: '/api/v1/admin/users/:id/wallet',
      status: 202,
      before: { _id: player.id },
      after: { _id: player.id },
    });
    expect((request.after as { balance: number }).balance).toBe(
      (request.before as { balance: number }).balance,
    );
    const approvals = await t.request('GET', '/api/v1/admin/audit-log?route=wallet-adjustments&limit=1', {
      token: staff.token,
    });
    expect(approvals.body.data[0]).toMatchObject({
      method: 'POST',
      route: '/api/v1/admin/wallet-adjustments/:id/approve',
      status: 200,
      before: { status: 'pending', amount: 250, approvals: [{ username: 'owner1' }] },
      after: { status: 'applied', amount: 250 },
    });
    expect(approvals.body.data[0].after.approvals).toHaveLength(2);
  });

  it('filters by operator, method and route, newest first', async () => {
    const mine = await t.request('GET', `/api/v1/admin/audit-log?adminId=${owner.id}&method=POST`, {
      token: owner.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    for (const e of mine.body.data) expect(e).toMatchObject({ adminId: owner.id, method: 'POST' });
    const ats = mine.body.data.map((e: { at: string }) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const bad = await t.request('GET', '/api/v1/admin/audit-log?method=GET', { token: owner.token });
    expect(bad.status).toBe(400);
  });

  it('is append-only: the database refuses changes, and the API has no way to make one', async () => {
    await expect(t.db.query("UPDATE audit_log SET admin_username = 'someone else'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    const doc = (await t.request('GET', '/api/docs/openapi.json')).body as { paths: Record<string, object> };
    const auditPaths = Object.entries(doc.paths).filter(([p]) => p.includes('audit'));
    expect(auditPaths.map(([p, ops]) => [p, Object.keys(ops)])).toEqual([
      ['/api/v1/admin/audit-log', ['get']],
    ]);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const r = await t.request(method, '/api/v1/admin/audit-log', { token: owner.token, body: {} });
      expect(r.status).toBe(404);
    }
  });
});
