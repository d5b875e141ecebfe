/**
 * The poll as a lookup (issue 18, server/http/fast-read.ts), against the compiled server: a repeat
 * GET of a cached public read is answered from memory before any middleware, and must be exactly
 * what the full path answers (status, every header, the bytes, in each encoding and as a 304);
 * whatever the full path would answer otherwise (a bad token, CORS, a change) still comes from it.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../server/helpers/test-db';
import { freshPostgres, type ServerProcess, startCompiledServer } from './helpers/server-process';

const ADMIN = { username: 'fast-admin', password: 'fast-admin-password' };
let db: { url: string; drop: () => Promise<void> } | undefined;
let server: ServerProcess;

beforeAll(async () => {
  if (usingPostgres()) db = await freshPostgres();
  server = await startCompiledServer({
    NODE_ENV: 'test',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...(db ? { DATABASE_URL: db.url } : {}),
  });
  expect(server.proc.exitCode, server.log()).toBeNull();
}, 90_000);
afterAll(async () => {
  server.proc.kill('SIGTERM');
  await server.exited;
  await db?.drop();
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: { ...res.headers }, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers that differ between any two answers (the date), left out of the comparison. */
const stable = (r: Raw) => {
  const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = r.headers;
  return { status: r.status, headers: rest, body: r.body.toString('base64') };
};

const LIST = '/api/v1/admin/main-games';

/**
 * Runs `fn` until its answers describe one state of the market list: the list is built per minute
 * (a market opens or closes on the minute) and the demo markets' automatic results are declared by
 * the scheduler (just after start, on a clock past a market's open), so answers compared across a
 * minute's turn or a declaration may rightly differ. Tries again, up to five times, while the
 * minute turned or the answers' ETags disagree; a fast path that kept a stale answer would
 * disagree every time.
 */
async function oneState<T extends Record<string, Raw>>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const start = Math.floor(Date.now() / 60_000);
    const out = await fn();
    const tags = new Set(Object.values(out).map((r) => r.headers.etag));
    if ((Math.floor(Date.now() / 60_000) === start && tags.size === 1) || attempt === 5) return out;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('fast reads', () => {
  it('answers a repeat poll exactly as the full path did, in every encoding and as a 304', async () => {
    for (const accept of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
      const { first, again, full } = await oneState(async () => ({
        first: await get(LIST, { 'accept-encoding': accept }),
        again: await get(LIST, { 'accept-encoding': accept }),
        // The full path's answer, for comparison: a request with an Origin never takes the fast path.
        full: await get(LIST, { 'accept-encoding': accept, origin: 'https://elsewhere.example' }),
      }));
      expect(first.status).toBe(200);
      expect(stable(again)).toEqual(stable(first));
      expect(stable(full).body).toBe(stable(first).body);
      expect(first.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(first.headers.etag).toBeTruthy();
    }
    const { tagged, notModified } = await oneState(async () => {
      const answer = await get(LIST);
      return {
        tagged: answer,
        notModified: await get(LIST, { 'if-none-match': String(answer.headers.etag) }),
      };
    });
    const etag = String(tagged.headers.etag);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves a bad token, CORS and a change to the full path', async () => {
    await get(LIST);
    // An unknown bearer token on this optional-auth read is a 401, never the cached list.
    const bad = await get(LIST, { authorization: 'Bearer not-a-token-of-anyone-0123456789' });
    expect(bad.status).toBe(401);
    // CORS answers carry the allow-origin header of the full path.
    const cors = await get(LIST, { origin: 'http://localhost:5173' });
    expect(cors.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    // An operator's change is seen by the very next poll.
    const login = await fetch(`${server.url}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { token: string }).token;
    const created = await fetch(`${server.url}${LIST}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ gameName: 'Fast Fresh', openTime: '10:00', closeTime: '12:00' }),
    });
    expect(created.status).toBe(201);
    const after = await get(LIST);
    expect(after.body.toString()).toContain('Fast Fresh');
  });
});

describe('fast reads hold public answers only (issue 34)', () => {
  /** A registered player's token, through the API (register, the OTP from the outbox, login). */
  async function playerToken(operator: string): Promise<{ id: string; token: string }> {
    const phone = `9${String(Date.now()).slice(-9)}`;
    const json = { 'content-type': 'application/json' };
    const call = async (path: string, body: unknown, token?: string) =>
      (
        await fetch(`${server.url}/api/v1${path}`, {
          method: 'POST',
          headers: token ? { ...json, authorization: `Bearer ${token}` } : json,
          body: JSON.stringify(body),
        })
      ).json() as Promise<Record<string, unknown> & { data: { _id: string }; token: string }>;
    const otp = async (purpose: string) => {
      const r = await fetch(`${server.url}/api/v1/admin/sms-outbox?phone=${phone}`, {
        headers: { authorization: `Bearer ${operator}` },
      });
      const rows = ((await r.json()) as { data: Array<{ purpose: string; text: string }> }).data;
      return /\b(\d{4})\b/.exec(rows.find((m) => m.purpose === purpose)?.text ?? '')?.[1] as string;
    };
    await call('/user/register', { name: 'Fast', phone, password: 'secret123', adult: true });
    await call('/user/verify-otp', { otp: await otp('registration'), phone, purpose: 'registration' });
    await call('/user/login', { phone, password: 'secret123' });
    const login = await call('/user/verify-otp', { otp: await otp('login'), phone, purpose: 'login' });
    return { id: login.data._id, token: login.token };
  }

  it('a token-only read is never answered from memory to a client without a token, or a blocked one', async () => {
    const login = await fetch(`${server.url}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const operator = ((await login.json()) as { token: string }).token;
    const player = await playerToken(operator);
    for (const path of ['/api/v1/admin/required-update', '/api/v1/footer-links']) {
      for (let i = 0; i < 3; i++) {
        expect((await get(path, { authorization: `Bearer ${player.token}` })).status, path).toBe(200);
      }
      const anonymous = await get(path);
      expect(anonymous.status, path).toBe(401);
    }
    const blocked = await fetch(`${server.url}/api/v1/admin/users/${player.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
      body: JSON.stringify({ isBlocked: true }),
    });
    expect(blocked.status).toBe(200);
    // Blocking ends the player's sessions: refused, never the remembered answer.
    const after = await get('/api/v1/admin/required-update', { authorization: `Bearer ${player.token}` });
    expect([401, 403]).toContain(after.status);
  });
});
