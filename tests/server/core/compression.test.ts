/**
 * Bytes on the wire: the built app's files are served Brotli- or gzip-encoded from the copies the
 * build leaves beside them (with an ETag, immutable hashed assets, no source maps), and API JSON is
 * compressed above 1 KB, the polled read models once per change.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { precompressDir } from '../../../scripts/precompress.mjs';
import { createApp } from '../../../server/app';
import { mountStatic } from '../../../server/static';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let app: ReturnType<typeof createApp>;
let dist: string;
const script = `export const answer = ${JSON.stringify('matka '.repeat(800))};\n`;
// A chunk of a few hundred bytes, as a cold /home fetched eleven of (issue 45).
const small = `import{a as e}from"./index-abc123.js";export const label=e(${JSON.stringify('Play Market '.repeat(30))});\n`;
const tiny = 'export{};\n';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'matka-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Matka</title>${'<!-- pad -->'.repeat(200)}`);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'small-abc123.js'), small);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), tiny);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(join(dist, 'icon.png'), Buffer.alloc(2048, 7));
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`);
  precompressDir(dist);
  t = await createTestContext();
  app = createApp(t.deps, { mountStatic: mountStatic(dist) });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('static files', () => {
  it('a hashed asset comes Brotli-encoded to a browser that accepts br, immutable for a year', async () => {
    const { res, bytes } = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(bytes).toString()).toBe(script);
    expect(bytes.length).toBeLessThan(script.length / 10);
  });

  it('gzip when br is not accepted, identity when neither is, and q=0 means no', async () => {
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(script);
  });

  it('a small chunk comes Brotli-encoded too; a file Brotli cannot shrink goes as it is', async () => {
    expect(small.length).toBeLessThan(1024);
    const { res, bytes } = await get('/assets/small-abc123.js', { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(bytes).toString()).toBe(small);
    expect(bytes.length).toBeLessThan(small.length / 2);
    const plain = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br' });
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(tiny);
  });

  it('an ETag makes a repeat visit a bodiless 304', async () => {
    const first = await get('/assets/app-abc123.js');
    const etag = first.res.headers.get('etag') as string;
    expect(etag).toMatch(/^"/);
    const again = await get('/assets/app-abc123.js', { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('never serves source maps or the compressed copies as files', async () => {
    expect((await get('/assets/app-abc123.js.map')).res.status).toBe(404);
    expect((await get('/assets/app-abc123.js.br')).res.status).toBe(404);
    expect((await get('/assets/app-abc123.js.gz')).res.status).toBe(404);
  });

  it('percent-encoding hides nothing: the path is decoded first, then judged (issue 19)', async () => {
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    for (const path of [
      '/index.html.b%72',
      '/index.html.%62r',
      '/index.html%2Ebr',
      '/assets/app-abc123.js.g%7a',
      '/assets/app-abc123.js.m%61p',
      '/assets/app-abc123.js.%4D%41%50',
      '/%61ssets/app-abc123.js.map',
    ]) {
      const { res, bytes } = await get(path);
      expect(res.status, path).toBe(404);
      expect(bytes.toString(), path).not.toContain('secret.ts');
    }
    // An encoded name of a servable file is that file, with that file's caching rule.
    const sw = await get('/sw.j%73');
    expect(sw.res.status).toBe(200);
    expect(sw.res.headers.get('cache-control')).toBe('no-cache');
    const asset = await get('/%61ssets/app-abc123.js');
    expect(asset.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A malformed escape is a 404, never the shell.
    expect((await get('/assets/%E0%A4%A.js')).res.status).toBe(404);
  });

  it('the app shell is revalidated every time and compressed too; images are sent as they are', async () => {
    const shell = await get('/home', { 'accept-encoding': 'br' });
    expect(shell.res.headers.get('cache-control')).toBe('no-cache');
    expect(shell.res.headers.get('content-encoding')).toBe('br');
    const icon = await get('/icon.png', { 'accept-encoding': 'br, gzip' });
    expect(icon.res.headers.get('content-encoding')).toBeNull();
    expect(icon.bytes.length).toBe(2048);
  });
});

describe('API JSON', () => {
  it('the polled market list comes Brotli-encoded from memory, and decodes to the plain answer', async () => {
    await t.db.query(
      `INSERT INTO games (family, game_name, open_time, close_time)
       SELECT 'main', 'Market ' || g, '10:00', '11:00' FROM generate_series(1, 12) g`,
    );
    const plain = await get('/api/v1/admin/main-games');
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const br = await get('/api/v1/admin/main-games', { 'accept-encoding': 'br, gzip' });
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.res.headers.get('etag')).toBe(plain.res.headers.get('etag'));
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    const gz = await get('/api/v1/admin/main-games', { 'accept-encoding': 'gzip' });
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
  });

  it('other JSON of 1 KB or more is gzip-encoded; small answers are left alone', async () => {
    const doc = await get('/api/docs/openapi.json', { 'accept-encoding': 'gzip' });
    expect(doc.res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(doc.bytes).toString())).toHaveProperty('openapi');
    const small = await get('/api/v1/config', { 'accept-encoding': 'gzip' });
    expect(small.res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(small.bytes.toString())).toHaveProperty('data.marketTz');
  });
});
