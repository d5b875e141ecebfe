/**
 * Secrets in paths and tokens (issue 45 item 5). The forwarder's POST /api/payment/notify/{secret}
 * and the result feeds' /api/results/feed/{secret}/{name} never reach a log line in clear, however
 * the path is spelled (double slashes, a trailing slash, percent-encoding, another case), whether
 * the router takes the spelling or refuses it; over real sockets too, where no client tidies the
 * path first. /metrics compares its token without telling its length.
 */

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedPath, normalisedPath } from '../../server/http/log-path';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

// Every comparison this file makes goes through the spy: it records the lengths compared.
const compared = vi.hoisted(() => [] as Array<[number, number]>);
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.push([a.byteLength, b.byteLength]);
      return actual.timingSafeEqual(a, b);
    },
  };
});

const SECRET = 'Notify-Secret-0123456789abcdef';
const FEED_SECRET = 'feed-secret-abcdef0123456789';
const METRICS_TOKEN = 'metrics-token-0123456789';
const ENV = {
  PAYMENT_PROVIDER: 'upi',
  UPI_VPA: 'matka.shop@okaxis',
  UPI_PAYEE_NAME: 'Matka Shop',
  UPI_AUTO_MATCH: 'true',
  PAYMENT_NOTIFY_SECRET: SECRET,
  METRICS_TOKEN,
};

/** `s` with its first letter percent-encoded, as a client may send any byte. */
const encodeFirst = (s: string) => `%${s.charCodeAt(0).toString(16).toUpperCase()}${s.slice(1)}`;

/** Each spelling of the notify path, with what the router answers to it over a real socket. */
const NOTIFY_SPELLINGS: Array<[string, number]> = [
  [`/api/payment/notify/${SECRET}`, 200],
  [`/api//payment/notify/${SECRET}`, 404],
  [`/api/payment//notify/${SECRET}`, 404],
  [`/api/payment/notify//${SECRET}`, 404],
  [`/api/payment/notify/${SECRET}/`, 404],
  [`/api/payment/notify/${SECRET}//`, 404],
  [`/api///payment///notify///${SECRET}`, 404],
  [`/api/payment/${encodeFirst('notify')}/${SECRET}`, 200],
  [`/api/payment/notify/${encodeFirst(SECRET)}`, 200],
  [`/api/${encodeFirst('payment')}//notify/${SECRET}`, 404],
  [`/api/payment/notify%2F${SECRET}`, 404],
  [`/api/payment/notify%252F${SECRET}`, 404],
  [`/API/payment/notify/${SECRET}`, 404],
  [`/api/PAYMENT/notify/${SECRET}`, 404],
  [`/api/payment/NOTIFY/${SECRET}`, 404],
  [`/api/Payment/Notify/${SECRET}`, 404],
  [`/api/payment/notify/${SECRET};x=1`, 404],
  [`/api/payment/./notify/${SECRET}`, 200],
  [`/api/payment/x/../notify/${SECRET}`, 200],
  [`/api/payment/notify/${SECRET}?from=x`, 200],
];

const FEED_SPELLINGS = [
  `/api/results/feed/${FEED_SECRET}/dpboss`,
  `/api//results/feed/${FEED_SECRET}/dpboss`,
  `/api/results//feed/${FEED_SECRET}/dpboss`,
  `/api/Results/FEED/${FEED_SECRET}/dpboss`,
  `/api/results/${encodeFirst('feed')}/${FEED_SECRET}`,
  `/api/results/feed/${FEED_SECRET}/`,
];

let t: TestContext;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestContext({ env: ENV });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

/** One request over a raw socket: the request line goes out byte for byte as written. */
function rawPost(path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

const ignored = JSON.stringify({ from: 'AD-HDFCBK', text: 'hello' });
const loggedSecrets = (...secrets: string[]) => {
  const logs = t.logLines.join('\n').toLowerCase();
  return secrets.filter((s) => logs.includes(s.toLowerCase()) || logs.includes(s.slice(1).toLowerCase()));
};

describe('a secret in the path never reaches the log', () => {
  it.each(NOTIFY_SPELLINGS)('over a socket: %s answers %i and logs no secret', async (path, status) => {
    t.logLines.length = 0;
    expect(await rawPost(path, ignored)).toBe(status);
    // Every /api/ request is logged (the others are the app's pages, and log nothing).
    expect(t.logLines.some((l) => l.includes('"request"'))).toBe(path.startsWith('/api/'));
    expect(loggedSecrets(SECRET)).toEqual([]);
  });

  it.each(NOTIFY_SPELLINGS)('in process: %s logs no secret', async (path) => {
    t.logLines.length = 0;
    await t.request('POST', path, { raw: ignored });
    expect(loggedSecrets(SECRET)).toEqual([]);
  });

  it.each(FEED_SPELLINGS)('the result feed %s logs no secret (socket and in process)', async (path) => {
    t.logLines.length = 0;
    await rawPost(path, '{}');
    await t.request('GET', path);
    expect(t.logLines.length).toBeGreaterThan(0);
    expect(loggedSecrets(FEED_SECRET)).toEqual([]);
  });

  it('writes the redacted path in one spelling, and other paths as they came', () => {
    for (const [path] of NOTIFY_SPELLINGS) {
      expect(loggedPath(path.split('?')[0] as string)).toBe('/api/payment/notify/[secret]');
    }
    expect(loggedPath(FEED_SPELLINGS[0] as string)).toBe('/api/results/feed/[secret]/dpboss');
    expect(loggedPath(FEED_SPELLINGS[1] as string)).toBe('/api/results/feed/[secret]');
    expect(loggedPath('/api/v1/user/Login//')).toBe('/api/v1/user/Login//');
    expect(loggedPath('/api/payment/notifyx/abc')).toBe('/api/payment/notifyx/abc');
    expect(normalisedPath('/api//Payment/%6Eotify/S3cret/')).toBe('/api/payment/notify/s3cret/');
    expect(normalisedPath('/a/%zz/../b')).toBe('/a/b');
  });
});

describe('GET /metrics', () => {
  it('compares a token of any length over the same 32 bytes (its length never decides)', async () => {
    for (const token of [
      'x',
      'metrics-token-012345678',
      METRICS_TOKEN,
      `${METRICS_TOKEN}9`,
      'y'.repeat(200),
    ]) {
      compared.length = 0;
      const res = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(token === METRICS_TOKEN ? 200 : 401);
      expect(compared).toEqual([[32, 32]]);
    }
    compared.length = 0;
    expect((await t.request('GET', '/metrics')).status).toBe(401);
    expect((await t.request('GET', '/metrics', { headers: { authorization: 'Basic abc' } })).status).toBe(
      401,
    );
  });
});
