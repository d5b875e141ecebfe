/**
 * GET /metrics (issue 36): 404 without METRICS_TOKEN, 401 without the right bearer, and a text
 * that passes a strict check of the Prometheus exposition format (below: every family typed once,
 * samples well-formed, histograms cumulative and ending in +Inf = _count, no series twice). The
 * bid counter counts accepted bid rows and not replays; the request histogram is labelled by route
 * pattern (no id in any label), polls answered before Hono included; the pending gauges read the
 * database at the scrape.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFast } from '../../../server/http/fast-read';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame, seedRates, setBidRange } from '../money/helpers/money-fixtures';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestContext;
let off: TestContext;
let p: PlayerFixture;
let owner: { token: string };
let game: string;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseValue(s: string): number {
  if (s === '+Inf') return Number.POSITIVE_INFINITY;
  if (s === '-Inf') return Number.NEGATIVE_INFINITY;
  // Prometheus reads values with Go's ParseFloat, which takes NaN in any case (prom-client writes 'Nan').
  if (/^nan$/i.test(s)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) throw new Error(`bad value ${s}`);
  return Number(s);
}

/** The Prometheus text format (0.0.4), checked strictly; answers the samples. */
function checkExposition(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  const seen = new Set<string>();
  const familyOf = (name: string) => {
    for (const suffix of ['_bucket', '_sum', '_count', '']) {
      const base = suffix ? name.replace(new RegExp(`${suffix}$`), '') : name;
      if ((suffix === '' || name.endsWith(suffix)) && types.has(base)) return base;
    }
    return undefined;
  };
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('# HELP ')) {
      const [name] = line.slice(7).split(' ');
      expect(NAME.test(name ?? ''), line).toBe(true);
      expect(helps.has(name as string), `HELP twice: ${name}`).toBe(false);
      helps.add(name as string);
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [name, type, ...rest] = line.slice(7).split(' ');
      expect(rest, line).toEqual([]);
      expect(NAME.test(name ?? '') && TYPES.has(type ?? ''), line).toBe(true);
      expect(types.has(name as string), `TYPE twice: ${name}`).toBe(false);
      types.set(name as string, type as string);
      continue;
    }
    if (line.startsWith('#') || line === '') continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( -?\d+)?$/.exec(line);
    if (!m) throw new Error(`bad sample line: ${line}`);
    const labels: Record<string, string> = {};
    let rest = m[3] ?? '';
    while (rest.length > 0) {
      const l = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(,|$)/.exec(rest);
      if (!l) throw new Error(`bad labels in ${line}`);
      expect(LABEL.test(l[1] as string)).toBe(true);
      expect(labels[l[1] as string], `label twice in ${line}`).toBeUndefined();
      labels[l[1] as string] = (l[2] as string).replace(/\\(["\\n])/g, (_, c) => (c === 'n' ? '\n' : c));
      rest = rest.slice(l[0].length);
    }
    const name = m[1] as string;
    expect(familyOf(name), `sample before its TYPE: ${line}`).toBeDefined();
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    expect(seen.has(key), `series twice: ${line}`).toBe(false);
    seen.add(key);
    samples.push({ name, labels, value: parseValue(m[4] as string) });
  }
  // Histograms: per series, buckets cumulative, the last le="+Inf" equal to _count.
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, Sample[]>();
    for (const s of samples.filter((x) => x.name === `${family}_bucket`)) {
      const { le, ...rest } = s.labels;
      expect(le, `bucket without le: ${family}`).toBeDefined();
      const k = JSON.stringify(Object.entries(rest).sort());
      series.set(k, [...(series.get(k) ?? []), s]);
    }
    for (const [k, buckets] of series) {
      const values = buckets.map((b) => b.value);
      expect([...values].sort((x, y) => x - y)).toEqual(values);
      expect(buckets.at(-1)?.labels.le).toBe('+Inf');
      const count = samples.find(
        (s) => s.name === `${family}_count` && JSON.stringify(Object.entries(s.labels).sort()) === k,
      );
      expect(count?.value).toBe(values.at(-1));
      expect(
        samples.some(
          (s) => s.name === `${family}_sum` && JSON.stringify(Object.entries(s.labels).sort()) === k,
        ),
      ).toBe(true);
    }
  }
  return samples;
}

async function scrape(ctx: TestContext = t) {
  const res = await ctx.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.body as string, samples: checkExposition(res.body as string) };
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z', env: { METRICS_TOKEN: TOKEN } });
  off = await createTestContext();
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Kalyan' });
  p = await createPlayer(t, { balance: 1000 });
  owner = await createAdmin(t);
});
afterAll(async () => {
  await t.close();
  await off.close();
});

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN, and asks for the bearer with it', async () => {
    expect(
      (await off.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
    expect((await t.request('GET', '/metrics')).status).toBe(401);
    const wrong = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect((await t.request('GET', '/metrics', { headers: { authorization: TOKEN } })).status).toBe(401);
    // A player's or an operator's token is not the metrics token.
    expect((await t.request('GET', '/metrics', { token: owner.token })).status).toBe(401);
  });

  it('is the Prometheus text format, with the process metrics', async () => {
    const { samples } = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(
        samples.some((s) => s.name === name),
        name,
      ).toBe(true);
  });

  it('counts accepted bid rows, not a replay of the same Idempotency-Key', async () => {
    const before = value((await scrape()).samples, 'matka_bids_total');
    const body = {
      bids: [
        { game, gameType: 'single-digit', session: 'Open', openDigit: '4', amount: 10 },
        { game, gameType: 'single-digit', session: 'Open', openDigit: '5', amount: 10 },
        { game, gameType: 'single-panna', session: 'Open', openDigit: '149', pannaType: 'SP', amount: 10 },
      ],
    };
    const headers = { 'idempotency-key': 'metrics-bid-1' };
    const first = await t.request('POST', '/api/v1/user/main/bids', { token: p.token, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await t.request('POST', '/api/v1/user/main/bids', { token: p.token, body, headers });
    expect(again.status).toBe(201);
    const refused = await t.request('POST', '/api/v1/user/main/bids', {
      token: p.token,
      body: { bids: [{ ...body.bids[0], amount: 1_000_000 }] },
    });
    expect(refused.status).toBe(422);
    expect(value((await scrape()).samples, 'matka_bids_total')).toBe(before + 3);
  });

  it('times requests by route pattern and status: no id reaches a label', async () => {
    await t.request('GET', `/api/v1/admin/users/${p.id}`, { token: owner.token });
    await t.request('GET', '/api/v1/admin/users/not-a-uuid', { token: owner.token });
    const { text, samples } = await scrape();
    expect(text).not.toContain(p.id);
    expect(text).not.toContain('not-a-uuid');
    const count = (status: string) =>
      value(samples, 'matka_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/admin/users/:id',
        status,
      });
    expect(count('200')).toBe(1);
    expect(count('404')).toBe(1);
    expect(
      value(samples, 'matka_http_request_duration_seconds_count', {
        route: '/api/v1/user/main/bids',
        status: '201',
      }),
    ).toBeGreaterThanOrEqual(2);
    // What no route matched is counted under the catch-all's pattern.
    await t.request('GET', '/api/v1/no/such/thing/12345');
    const after = await scrape();
    expect(after.text).not.toContain('12345');
    expect(
      value(after.samples, 'matka_http_request_duration_seconds_count', { route: '/api/*', status: '404' }),
    ).toBe(1);
  });

  it('counts the polls answered before Hono (http/fast-read.ts) under their route', async () => {
    const path = '/api/v1/admin/starline-games';
    const route = { method: 'GET', route: path, status: '200' };
    let fast = false;
    for (let i = 0; i < 20 && !fast; i++) {
      await t.request('GET', path);
      const req = { method: 'GET', url: path, headers: {} } as unknown as IncomingMessage;
      const res = { writeHead() {}, end() {} } as unknown as ServerResponse;
      const before = value((await scrape()).samples, 'matka_http_request_duration_seconds_count', route);
      fast = answerFast(t.db, req, res, { draining: false, debug: false });
      if (fast) {
        const after = value((await scrape()).samples, 'matka_http_request_duration_seconds_count', route);
        expect(after).toBe(before + 1);
      }
    }
    expect(fast).toBe(true);
  });

  it('reads pending withdrawals and deposits from the database at the scrape', async () => {
    const before = (await scrape()).samples;
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'gpay', phoneNumber: '9876543210' },
    });
    expect(
      (
        await t.request('POST', '/api/v1/user/withdrawal', {
          token: p.token,
          body: { amount: 120, method: 'gpay' },
        })
      ).status,
    ).toBe(201);
    const { samples } = await scrape();
    expect(value(samples, 'matka_pending_withdrawals')).toBe(value(before, 'matka_pending_withdrawals') + 1);
    expect(value(samples, 'matka_pending_withdrawals_points')).toBe(
      value(before, 'matka_pending_withdrawals_points') + 120,
    );
    expect(samples.some((s) => s.name === 'matka_pending_funds')).toBe(true);
    // Every watchdog kind is there, 0 when nothing is open.
    expect(value(samples, 'matka_watchdog_findings', { kind: 'ledger-drift', severity: 'critical' })).toBe(0);
  });
  it('says when the UPI forwarder was last heard from (0: never), for npm run doctor', async () => {
    const secret = 'forwarder-secret-0123456789';
    const upi = await createTestContext({
      now: '2026-11-18T03:30:00Z',
      env: {
        METRICS_TOKEN: TOKEN,
        PAYMENT_PROVIDER: 'upi',
        UPI_VPA: 'matka.shop@okaxis',
        UPI_PAYEE_NAME: 'Matka Shop',
        UPI_AUTO_MATCH: 'true',
        PAYMENT_NOTIFY_SECRET: secret,
      },
    });
    try {
      const heard = async () =>
        value((await scrape(upi)).samples, 'matka_payment_notify_last_received_timestamp_seconds');
      expect(await heard()).toBe(0);
      const sent = await upi.request('POST', `/api/payment/notify/${secret}`, {
        body: { from: 'AD-HDFCBK', text: 'Rs. 100.00 credited to A/c XX1234 (UPI 510000000013)' },
      });
      expect(sent.status).toBe(200);
      // Received at the context's clock (the database's in production).
      expect((await heard()) * 1000).toBe(Date.parse('2026-11-18T03:30:00Z'));
    } finally {
      await upi.close();
    }
  });
});
