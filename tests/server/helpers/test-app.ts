import { createApp } from '../../../server/app';
import { fixedClock } from '../../../server/clock';
import type { Db } from '../../../server/db/types';
import type { Deps } from '../../../server/deps';
import { type Env, loadEnv } from '../../../server/env';
import { createLogger } from '../../../server/logger';
import { createTestDb } from './test-db';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert the shape they need
export type AnyBody = any;

/** Per-address limits high enough that no ordinary test file meets them. */
export const UNLIMITED_ADDRESSES = {
  LIMIT_OTP_SENDS_PER_ADDRESS_HOUR: '1000000',
  LIMIT_REGISTRATIONS_PER_ADDRESS_HOUR: '1000000',
  LIMIT_LOGINS_PER_ADDRESS_15MIN: '1000000',
  LIMIT_FUND_ORDERS_PER_ADDRESS_HOUR: '1000000',
};

export interface TestResponse<T = AnyBody> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** A raw body string (malformed JSON tests); wins over `body`. */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

/**
 * One app on one fresh database, for one test file:
 *   const t = await createTestContext(); afterAll(() => t.close());
 *   const res = await t.request('GET', '/api/v1/status');
 */
export async function createTestContext(options: { now?: Date | string; env?: Record<string, string> } = {}) {
  const db: Db = await createTestDb();
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    // Every in-process request comes from the same unknown address: the per-address limits are
    // lifted here and set low only by the tests that attack them (tests/security).
    ...UNLIMITED_ADDRESSES,
    ...options.env,
  });
  const clock = fixedClock(options.now ?? new Date());
  const logLines: string[] = [];
  const logger = createLogger('debug', (line) => logLines.push(line));
  const deps: Deps = { db, env, clock, logger };
  const app = createApp(deps);

  async function request<T = AnyBody>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // non-JSON answers (static pages) stay text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  return { app, db, env, clock, deps, logLines, request, close: () => db.close() };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
