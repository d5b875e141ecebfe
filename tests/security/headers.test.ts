import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { APP_CSP } from '../../server/http/security-headers';
import { CHECKOUT_CSP } from '../../server/services/payments/pages';
import { mountStatic } from '../../server/static';
import { createPlayer } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

/** Security headers on every kind of answer: API, errors, static files, the app shell, checkout. */
let t: TestContext;
let dist: string;
let withStatic: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), 'headers-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export {};');
  withStatic = createApp(t.deps, { mountStatic: mountStatic(dist) });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

function expectHeaders(h: Headers, csp = APP_CSP) {
  expect(h.get('content-security-policy')).toBe(csp);
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('same-origin');
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('the app CSP forbids inline script, eval and framing', () => {
    const directives = Object.fromEntries(APP_CSP.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives['script-src']).toBe("script-src 'self'");
    expect(APP_CSP).not.toMatch(/unsafe-eval/);
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'");
    expect(directives['object-src']).toBe("object-src 'none'");
  });

  it.each([
    ['GET', '/api/v1/status', 200],
    ['GET', '/api/v1/nope', 404],
    ['POST', '/api/v1/user/login', 400],
    ['GET', '/api/v1/user/user-details', 401],
  ])('%s %s (%i)', async (method, path, status) => {
    const res = await t.request(method, path, method === 'POST' ? { body: {} } : {});
    expect(res.status).toBe(status);
    expectHeaders(res.headers);
  });

  it('static files and the app shell', async () => {
    for (const path of ['/', '/home', '/assets/app-abc123.js', '/assets/missing-1.js']) {
      const res = await withStatic.request(path);
      expectHeaders(res.headers);
    }
  });

  it('the sandbox checkout keeps its own, tighter policy', async () => {
    const p = await createPlayer(t);
    const fund = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 100 } });
    const page = await t.request('GET', fund.body.data.paymentUrl);
    expect(page.status).toBe(200);
    expectHeaders(page.headers, CHECKOUT_CSP);
    expect(page.body).not.toContain('<script');
  });

  it('HSTS only when PUBLIC_URL is https', async () => {
    const https = await createTestContext({ env: { PUBLIC_URL: 'https://matka.example' } });
    try {
      const res = await https.request('GET', '/api/v1/status');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
