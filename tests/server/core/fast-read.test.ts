/**
 * server/http/fast-read.ts in-process: after the full path answered a public read, the same URL is
 * answered by answerFast with the same status, headers and bytes; each reason to go the full way
 * (a change, another method, CORS, an unknown token, draining, debug logging) is honoured.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('answerFast', () => {
  it('answers a URL the full path answered, with its status, headers and bytes', async () => {
    const full = await t.request('GET', LIST, { headers: { 'accept-encoding': 'identity' } });
    expect(full.status).toBe(200);
    const f = fake(LIST, { 'accept-encoding': 'identity' });
    expect(answerFast(t.db, f.req, f.res, ON)).toBe(true);
    expect(f.out.status).toBe(200);
    expect(JSON.parse(f.out.body ?? '')).toEqual(full.body);
    for (const [name, value] of full.headers) {
      if (name === 'content-length') continue;
      const mine = Object.entries(f.out.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
      expect(mine, name).toBe(value);
    }
    const etag = full.headers.get('etag') as string;
    const cached = fake(LIST, { 'if-none-match': etag });
    expect(answerFast(t.db, cached.req, cached.res, ON)).toBe(true);
    expect(cached.out.status).toBe(304);
  });

  it('goes the full way for a change, another method, CORS, an unknown token, draining or debug', async () => {
    await t.request('GET', LIST);
    expect(answerFast(t.db, fake(LIST, {}, 'POST').req, fake(LIST).res, ON)).toBe(false);
    expect(answerFast(t.db, fake(LIST, { origin: 'https://x.example' }).req, fake(LIST).res, ON)).toBe(false);
    const stranger = fake(LIST, { authorization: 'Bearer nobody-holds-this-token-123456' });
    expect(answerFast(t.db, stranger.req, stranger.res, ON)).toBe(false);
    expect(answerFast(t.db, fake(LIST).req, fake(LIST).res, { draining: true, debug: false })).toBe(false);
    expect(answerFast(t.db, fake(LIST).req, fake(LIST).res, { draining: false, debug: true })).toBe(false);
    expect(answerFast(t.db, fake(`${LIST}?x=1`).req, fake(LIST).res, ON)).toBe(false);

    // A token this process holds as valid is served; after a change, nothing is until the full path ran.
    const p = await createPlayer(t);
    await t.request('GET', LIST, { token: p.token });
    const mine = fake(LIST, { authorization: `Bearer ${p.token}` });
    expect(answerFast(t.db, mine.req, mine.res, ON)).toBe(true);
    const op = await createAdmin(t);
    const made = await t.request('POST', LIST, {
      token: op.token,
      body: { gameName: 'Fast Star', openTime: '11:00' },
    });
    expect(made.status).toBe(201);
    // (The audit log read the list back through the API after that write: the entry is fresh.)
    const seen = fake(LIST);
    expect(answerFast(t.db, seen.req, seen.res, ON)).toBe(true);
    expect(seen.out.body).toContain('Fast Star');
    // A change from anywhere else (another process, SQL) drops it until the full path runs again.
    await t.db.query(`UPDATE games SET game_name = 'Fast Star Renamed' WHERE game_name = 'Fast Star'`);
    expect(answerFast(t.db, fake(LIST).req, fake(LIST).res, ON)).toBe(false);
    const fresh = await t.request('GET', LIST);
    expect(JSON.stringify(fresh.body)).toContain('Fast Star Renamed');
    const next = fake(LIST);
    expect(answerFast(t.db, next.req, next.res, ON)).toBe(true);
    expect(next.out.body).toContain('Fast Star Renamed');
  });
});
