import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let admin: { token: string };
let player: { token: string };
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdmin(t);
  player = await createPlayer(t);
});
afterAll(() => t.close());

const KINDS = [
  {
    write: '/api/v1/admin/sliders',
    read: '/api/v1/admin/all-slider',
    body: { imageUrl: '/demo/slide-1.svg' },
    update: { imageUrl: 'https://cdn.example.com/a.png' },
  },
  {
    write: '/api/v1/admin/notices',
    read: '/api/v1/notices',
    body: { title: 'Hi', message: 'Line 1\nLine 2' },
    update: { title: 'Hello' },
  },
  {
    write: '/api/v1/admin/videos',
    read: '/api/v1/videos',
    body: { youtubeId: 'aqz-KE-bpKQ', title: 'How to', description: 'Steps' },
    update: { description: 'Better steps' },
  },
  {
    write: '/api/v1/admin/footer-links',
    read: '/api/v1/footer-links',
    body: { title: 'Privacy', url: 'https://example.com/p' },
    update: { url: 'https://example.com/privacy' },
  },
  {
    write: '/api/v1/admin/logos',
    read: '/api/v1/logo',
    body: { imageUrl: '/demo/logo.svg', app_title: 'Matka' },
    update: { app_title: 'Matka App' },
  },
];

describe.each(KINDS)('content $write', ({ write, read, body, update }) => {
  it('creates, lists, updates and deletes; players cannot write', async () => {
    const created = await t.request('POST', write, { token: admin.token, body });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    expect(created.body.data).toMatchObject(body);
    expect(created.body.data.createdAt).toBeTruthy();

    const list = await t.request('GET', read, { token: player.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { _id: string }) => x._id)).toContain(id);

    const roundTrip = await t.request('PUT', `${write}/${id}`, {
      token: admin.token,
      body: created.body.data,
    });
    expect(roundTrip.status).toBe(200);
    const changed = await t.request('PUT', `${write}/${id}`, { token: admin.token, body: update });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject(update);

    expect((await t.request('POST', write, { token: player.token, body })).status).toBe(403);
    expect((await t.request('POST', write, { body })).status).toBe(401);
    expect((await t.request('PUT', `${write}/${id}`, { token: admin.token, body: {} })).status).toBe(400);
    expect((await t.request('DELETE', `${write}/${id}`, { token: admin.token })).status).toBe(200);
    expect((await t.request('DELETE', `${write}/${id}`, { token: admin.token })).status).toBe(404);
    expect((await t.request('PUT', `${write}/not-a-uuid`, { token: admin.token, body: update })).status).toBe(
      404,
    );
  });
});

describe('content validation', () => {
  it.each([
    ['/api/v1/admin/sliders', { imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['/api/v1/admin/sliders', { imageUrl: '//evil.example/x.png' }, 'imageUrl'],
    ['/api/v1/admin/notices', { title: '<script>alert(1)</script>', message: 'x' }, 'title'],
    ['/api/v1/admin/notices', { title: 'x'.repeat(201), message: 'x' }, 'title'],
    ['/api/v1/admin/videos', { youtubeId: "x' OR 1=1 --", title: 'T' }, 'youtubeId'],
    ['/api/v1/admin/footer-links', { title: 'T', url: 'ftp://example.com' }, 'url'],
    ['/api/v1/admin/logos', { imageUrl: '/x.png' }, 'app_title'],
    ['/api/v1/admin/notices', { title: 'T', message: 'M', extra: 1 }, 'body'],
  ])('POST %s %j -> 400 on %s', async (path, body, field) => {
    const res = await t.request('POST', path, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBeDefined();
  });

  it('requires a token for sliders and footer links but not for notices, videos, logos', async () => {
    expect((await t.request('GET', '/api/v1/admin/all-slider')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/footer-links')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/notices')).status).toBe(200);
    expect((await t.request('GET', '/api/v1/videos')).status).toBe(200);
    expect((await t.request('GET', '/api/v1/logo')).status).toBe(200);
  });
});

describe('settings', () => {
  it('contact: defaults, partial update, validation', async () => {
    const before = await t.request('GET', '/api/v1/admin/contact');
    expect(before.body.data).toMatchObject({ whatsappnumber: '', email: '' });
    const put = await t.request('PUT', '/api/v1/admin/contact', {
      token: admin.token,
      body: { whatsappnumber: '919876500000', email: 'help@example.com' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      whatsappnumber: '919876500000',
      email: 'help@example.com',
      telegram: '',
    });
    const bad = await t.request('PUT', '/api/v1/admin/contact', {
      token: admin.token,
      body: { email: 'not-an-email' },
    });
    expect(bad.status).toBe(400);
    const unknown = await t.request('PUT', '/api/v1/admin/contact', {
      token: admin.token,
      body: { phone: '1' },
    });
    expect(unknown.status).toBe(400);
  });

  it('app-link and required-update round trip; min above max is refused', async () => {
    const link = await t.request('PUT', '/api/v1/admin/app-link', {
      token: admin.token,
      body: { applink: 'https://example.com/app' },
    });
    expect(link.status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/app-link')).body.data.applink).toBe(
      'https://example.com/app',
    );
    const range = await t.request('PUT', '/api/v1/admin/required-update', {
      token: admin.token,
      body: { min_bidamount: 5, max_bidamount: 5000 },
    });
    expect(range.status).toBe(200);
    const read = await t.request('GET', '/api/v1/admin/required-update', { token: player.token });
    expect(read.body.data).toEqual({ min_bidamount: 5, max_bidamount: 5000 });
    const inverted = await t.request('PUT', '/api/v1/admin/required-update', {
      token: admin.token,
      body: { min_bidamount: 500, max_bidamount: 50 },
    });
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors.max_bidamount).toBe('max_bidamount must not be below min_bidamount');
    expect((await t.request('GET', '/api/v1/admin/required-update')).status).toBe(401);
  });

  it('maintenance: operators switch it, the public status shows it', async () => {
    const on = await t.request('PUT', '/api/v1/admin/maintenance', {
      token: admin.token,
      body: {
        isActive: true,
        title: 'Under Maintenance',
        message: 'Upgrading',
        completiondatetime: '2026-11-22T06:00:00Z',
      },
    });
    expect(on.status).toBe(200);
    const status = await t.request('GET', '/api/v1/status');
    expect(status.body.data).toMatchObject({ isActive: true, message: 'Upgrading' });
    const empty = await t.request('PUT', '/api/v1/admin/maintenance', { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update');
    expect(
      (
        await t.request('PUT', '/api/v1/admin/maintenance', {
          token: player.token,
          body: { isActive: false },
        })
      ).status,
    ).toBe(403);
    await t.request('PUT', '/api/v1/admin/maintenance', { token: admin.token, body: { isActive: false } });
  });
});
