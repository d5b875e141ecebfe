import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { Db } from '../../../server/db/types';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.db.exec(
    'CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL); INSERT INTO counter VALUES (1, 0);',
  );
});
afterAll(() => t.close());

describe('query interface', () => {
  it('parses int8 and numeric as numbers and date as YYYY-MM-DD on both drivers', async () => {
    const r = await t.db.query<{ a: number; b: number; d: string }>(
      `SELECT 9007199254740991::int8 AS a, 12.34::numeric AS b, date '2026-11-21' AS d`,
    );
    expect(r.rows[0]).toEqual({ a: 9007199254740991, b: 12.34, d: '2026-11-21' });
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('UPDATE counter SET n = 100 WHERE id = 1');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const r = await t.db.query<{ n: number }>('SELECT n FROM counter WHERE id = 1');
    expect(r.rows[0]?.n).toBe(0);
  });

  it('serializable read-modify-write transactions all land (retried on conflicts)', async () => {
    const bump = () =>
      t.db.transaction(
        async (tx) => {
          const r = await tx.query<{ n: number }>('SELECT n FROM counter WHERE id = 1');
          await tx.query('UPDATE counter SET n = $1 WHERE id = 1', [(r.rows[0]?.n ?? 0) + 1]);
        },
        { isolation: 'serializable', retries: 20 },
      );
    await Promise.all(Array.from({ length: 8 }, bump));
    const r = await t.db.query<{ n: number }>('SELECT n FROM counter WHERE id = 1');
    expect(r.rows[0]?.n).toBe(8);
  });
});

describe('error mapping', () => {
  it('answers an unexpected failure with a generic 500: no stack, no SQL; the log has it', async () => {
    const broken: Db = {
      ...t.db,
      query: async () => {
        throw new Error('relation "secret_table" does not exist in SELECT * FROM secret_table');
      },
    };
    const app = createApp({ ...t.deps, db: broken });
    const res = await app.request('/api/v1/status');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      status: false,
      message: 'Something went wrong. Please try again.',
      errors: {},
    });
    expect(text).not.toContain('secret_table');
    expect(text).not.toContain('at ');
    expect(t.logLines.some((l) => l.includes('secret_table') && l.includes('"level":"error"'))).toBe(true);
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await t.request('POST', '/api/v1/user/login', {
      raw: 'phone=9876543210&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.status).toBe(false);
  });

  it('carries the request id into the log line of each API call', async () => {
    await t.request('GET', '/api/v1/status', { headers: { 'x-request-id': 'req-abc-123' } });
    const line = t.logLines.find((l) => l.includes('req-abc-123'));
    expect(line && JSON.parse(line)).toMatchObject({ msg: 'request', path: '/api/v1/status', status: 200 });
  });
});

describe('headers', () => {
  it('answers a CORS preflight from the vite dev server and sets safety headers', async () => {
    const res = await t.app.request('/api/v1/user/login', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await t.app.request('/api/v1/config', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('x-frame-options')).toBe('DENY');
    expect(other.headers.get('cache-control')).toBe('no-store');
    // Public read models revalidate every time (ETag), so a changed answer is never served stale.
    const polled = await t.app.request('/api/v1/status');
    expect(polled.headers.get('cache-control')).toBe('no-cache');
    expect(polled.headers.get('etag')).toMatch(/^W\/"/);
  });
});
