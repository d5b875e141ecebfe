/**
 * server/http/fast-read.ts in-process: after the full path answered a public read, the same URL is
 * answered by answerFast with the same status, headers and bytes; each reason to go the full way
 * (a change, another method, CORS, an unknown token, draining, debug logging) is honoured.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerFast } from '../../../server/http/fast-read';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const LIST = '/api/v1/admin/starline-games';
const ON = { draining: false, debug: false };

function fake(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const out: { status?: number; headers?: Record<string, string>; body?: string } = {};
  const req = { method, url, headers } as unknown as IncomingMessage;
  const res = {
    writeHead(status: number, h: Record<string, string>) {
      out.status = status;
      out.headers = h;
    },
    end(body?: string | Uint8Array) {
      out.body = body === undefined ? '' : Buffer.from(body).toString();
    },
  } as unknown as ServerResponse;
  return { req, res, out };
}

/**
 * A fast answer is only given within the minute it was made in, and never in its last second
 * (a market day can turn): each test starts well inside a minute, so its steps share one.
 */
async function awayFromMinuteEdge() {
  const into = Date.now() % 60_000;
  if (into > 45_000) await new Promise((r) => setTimeout(r, 60_000 - into + 200));
}

/**
 * The full path answers `path`, then answerFast must answer it too. On PostgreSQL this process
 * hears its own earlier writes a second time, a moment later, through the dedicated listener; such
 * a late notice rightly drops the entry, so the pair is tried again (a few times at most).
 */
async function fullThenFast(path: string, headers: Record<string, string> = {}, token?: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const full = await t.request('GET', path, { headers, token });
    const f = fake(path, token ? { ...headers, authorization: `Bearer ${token}` } : headers);
    if (answerFast(t.db, f.req, f.res, ON)) return { full, fast: f.out };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} was never answered fast after the full path`);
}

describe('answerFast', () => {
  beforeEach(awayFromMinuteEdge, 20_000);

  it('answers a URL the full path answered, with its status, headers and bytes', async () => {
    const { full, fast } = await fullThenFast(LIST, { 'accept-encoding': 'identity' });
    expect(full.status).toBe(200);
    expect(fast.status).toBe(200);
    expect(JSON.parse(fast.body ?? '')).toEqual(full.body);
    for (const [name, value] of full.headers) {
      if (name === 'content-length') continue;
      const mine = Object.entries(fast.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
      expect(mine, name).toBe(value);
    }
    const etag = full.headers.get('etag') as string;
    const cached = fake(LIST, { 'if-none-match': etag });
    expect(answerFast(t.db, cached.req, cached.res, ON)).toBe(true);
    expect(cached.out.status).toBe(304);
  });

  it('goes the full way for a change, another method, CORS, an unknown token, draining or debug', async () => {
    await fullThenFast(LIST);
    expect(answerFast(t.db, fake(LIST, {}, 'POST').req, fake(LIST).res, ON)).toBe(false);
    expect(answerFast(t.db, fake(LIST, { origin: 'https://x.example' }).req, fake(LIST).res, ON)).toBe(false);
    const stranger = fake(LIST, { authorization: 'Bearer nobody-holds-this-token-123456' });
    expect(answerFast(t.db, stranger.req, stranger.res, ON)).toBe(false);
    expect(answerFast(t.db, fake(LIST).req, fake(LIST).res, { draining: true, debug: false })).toBe(false);
    expect(answerFast(t.db, fake(LIST).req, fake(LIST).res, { draining: false, debug: true })).toBe(false);
    expect(answerFast(t.db, fake(`${LIST}?x=1`).req, fake(LIST).res, ON)).toBe(false);

    // A token this process holds as valid is served; after a change, nothing is until the full path ran.
    const p = await createPlayer(t);
    await fullThenFast(LIST, {}, p.token);
    const op = await createAdmin(t);
    const made = await t.request('POST', LIST, {
      token: op.token,
      body: { gameName: 'Fast Star', openTime: '11:00' },
    });
    expect(made.status).toBe(201);
    expect((await fullThenFast(LIST)).fast.body).toContain('Fast Star');
    // A change from anywhere else (another process, SQL) drops it until the full path runs again.
    await t.db.query(`UPDATE games SET game_name = 'Fast Star Renamed' WHERE game_name = 'Fast Star'`);
    expect(answerFast(t.db, fake(LIST).req, fake(LIST).res, ON)).toBe(false);
    const again = await fullThenFast(LIST);
    expect(JSON.stringify(again.full.body)).toContain('Fast Star Renamed');
    expect(again.fast.body).toContain('Fast Star Renamed');
  });
});
