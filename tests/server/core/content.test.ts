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

describe('content per language (issue 39)', () => {
  const hiHeaders = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
  const titles = async (headers: Record<string, string> = {}, token?: string) =>
    (await t.request('GET', '/api/v1/notices', { headers, token })).body.data as Array<{
      _id: string;
      title: string;
      message: string;
    }>;

  it('answers a notice in the request language, English where a language is left empty', async () => {
    const created = await t.request('POST', '/api/v1/admin/notices', {
      token: admin.token,
      body: {
        title: 'Diwali timings',
        message: 'Markets close early today.',
        texts: {
          hi: { title: 'दिवाली का समय', message: 'आज मार्केट जल्दी बंद होंगे।' },
          mr: { title: '', message: 'आज मार्केट लवकर बंद होतील.' },
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    // The write answers what operators edit: the English and every language, empty fields dropped.
    expect(created.body.data.texts).toEqual({
      hi: { title: 'दिवाली का समय', message: 'आज मार्केट जल्दी बंद होंगे।' },
      mr: { message: 'आज मार्केट लवकर बंद होतील.' },
    });
    const find = (list: Array<{ _id: string; title?: string }>) => list.find((n) => n._id === id);

    // English first, so the cached English answer is there when Hindi is asked for.
    expect(find(await titles())).toMatchObject({
      title: 'Diwali timings',
      message: 'Markets close early today.',
    });
    const hi = await t.request('GET', '/api/v1/notices', { headers: hiHeaders });
    expect(find(hi.body.data)).toMatchObject({ title: 'दिवाली का समय', message: 'आज मार्केट जल्दी बंद होंगे।' });
    expect(find(hi.body.data)).not.toHaveProperty('texts');
    // Marathi has no title: the English one shows, with the Marathi message.
    expect(find(await titles({ 'accept-language': 'mr' }))).toMatchObject({
      title: 'Diwali timings',
      message: 'आज मार्केट लवकर बंद होतील.',
    });
    // Each language is its own cached answer with its own ETag.
    const en = await t.request('GET', '/api/v1/notices');
    expect(hi.headers.get('etag')).toBeTruthy();
    expect(en.headers.get('etag')).not.toBe(hi.headers.get('etag'));
    expect(find(en.body.data)?.title).toBe('Diwali timings');
    const again = await t.request('GET', '/api/v1/notices', {
      headers: { ...hiHeaders, 'if-none-match': hi.headers.get('etag') as string },
    });
    expect(again.status).toBe(304);
    const enWithHiTag = await t.request('GET', '/api/v1/notices', {
      headers: { 'if-none-match': hi.headers.get('etag') as string },
    });
    expect(enWithHiTag.status).toBe(200);

    // No Accept-Language: the signed-in player's saved language.
    const hindiPlayer = await createPlayer(t);
    await t.db.query(`UPDATE users SET language = 'hi' WHERE id = $1`, [hindiPlayer.id]);
    expect(find(await titles({}, hindiPlayer.token))?.title).toBe('दिवाली का समय');

    // A language sent replaces that language; the one left out keeps its texts.
    const put = await t.request('PUT', `/api/v1/admin/notices/${id}`, {
      token: admin.token,
      body: { texts: { mr: { title: 'दिवाळीच्या वेळा', message: 'आज मार्केट लवकर बंद होतील.' } } },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.texts.hi.title).toBe('दिवाली का समय');
    expect(find(await titles({ 'accept-language': 'mr' }))?.title).toBe('दिवाळीच्या वेळा');
    expect(find(await titles(hiHeaders))?.title).toBe('दिवाली का समय');

    // Operators read the English and every language; players may not.
    const mine = await t.request('GET', '/api/v1/admin/notices', { token: admin.token, headers: hiHeaders });
    expect(mine.status).toBe(200);
    expect(find(mine.body.data)).toMatchObject({
      title: 'Diwali timings',
      texts: { hi: { title: 'दिवाली का समय' } },
    });
    expect((await t.request('GET', '/api/v1/admin/notices', { token: player.token })).status).toBe(403);
    await t.request('DELETE', `/api/v1/admin/notices/${id}`, { token: admin.token });
  });

  it('keeps a banner caption with its image, per language', async () => {
    const make = (imageUrl: string, caption: string, hi?: string) =>
      t.request('POST', '/api/v1/admin/sliders', {
        token: admin.token,
        body: { imageUrl, caption, ...(hi ? { texts: { hi: { caption: hi } } } : {}) },
      });
    const refer = (await make('/demo/slide-3.svg', 'Refer friends and earn points', 'दोस्तों को बुलाएं')).body
      .data;
    const plain = (await make('/demo/slide-1.svg', '')).body.data;
    const read = async (headers: Record<string, string>) =>
      (await t.request('GET', '/api/v1/admin/all-slider', { token: player.token, headers })).body
        .data as Array<{
        _id: string;
        imageUrl: string;
        caption: string;
      }>;
    const en = await read({});
    expect(en.find((s) => s._id === refer._id)).toMatchObject({
      imageUrl: '/demo/slide-3.svg',
      caption: 'Refer friends and earn points',
    });
    expect(en.find((s) => s._id === plain._id)?.caption).toBe('');
    const hi = await read(hiHeaders);
    expect(hi.find((s) => s._id === refer._id)?.caption).toBe('दोस्तों को बुलाएं');
    expect((await read({ 'accept-language': 'mr' })).find((s) => s._id === refer._id)?.caption).toBe(
      'Refer friends and earn points',
    );
  });

  it('answers a how-to-play video per language', async () => {
    const v = await t.request('POST', '/api/v1/admin/videos', {
      token: admin.token,
      body: {
        youtubeId: 'aqz-KE-bpKQ',
        title: 'How to place a bid',
        description: 'Pick a market',
        texts: { mr: { title: 'बोली कशी लावावी' } },
      },
    });
    expect(v.status).toBe(201);
    const mr = await t.request('GET', '/api/v1/videos', { headers: { 'accept-language': 'mr' } });
    expect(mr.body.data.find((x: { _id: string }) => x._id === v.body.data._id)).toMatchObject({
      title: 'बोली कशी लावावी',
      description: 'Pick a market',
    });
  });

  it('answers a footer link title per language (issue 49: App Setting read "Privacy Policy" in English)', async () => {
    const link = await t.request('POST', '/api/v1/admin/footer-links', {
      token: admin.token,
      body: {
        title: 'Privacy Policy',
        url: 'https://example.com/privacy',
        texts: { hi: { title: 'प्राइवेसी पॉलिसी' }, mr: { title: 'प्रायव्हसी पॉलिसी' } },
      },
    });
    expect(link.status).toBe(201);
    const read = async (lang: string) =>
      (
        await t.request('GET', '/api/v1/footer-links', {
          token: player.token,
          headers: { 'accept-language': lang },
        })
      ).body.data.find((x: { _id: string }) => x._id === link.body.data._id);
    expect((await read('hi')).title).toBe('प्राइवेसी पॉलिसी');
    expect((await read('mr')).title).toBe('प्रायव्हसी पॉलिसी');
    expect(await read('en')).toMatchObject({ title: 'Privacy Policy', url: 'https://example.com/privacy' });
    expect(await read('hi')).not.toHaveProperty('texts');
  });

  it.each([
    [{ title: 'T', message: 'M', texts: { fr: { title: 'x' } } }, 'texts'],
    [{ title: 'T', message: 'M', texts: { hi: { title: '<b>x</b>' } } }, 'texts.hi.title'],
    [{ title: 'T', message: 'M', texts: { hi: { caption: 'x' } } }, 'texts.hi'],
    [{ title: 'T', message: 'M', texts: { hi: { title: 'x'.repeat(201) } } }, 'texts.hi.title'],
    [{ title: 'T', message: 'M', texts: 'नमस्ते' }, 'texts'],
  ])('refuses texts %j with a 400 on %s', async (body, field) => {
    const res = await t.request('POST', '/api/v1/admin/notices', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).join(' ')).toContain(field);
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
