/**
 * Two server processes on one PostgreSQL database (two apps, each with its own pool and token
 * cache, as two `npm start` processes are). A player's token is kept by the second process; the
 * player saves a language through the first: the second answers in it as soon as the change
 * feed's notification reaches it, not when its cached entry runs out 5 s later (issue 45).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { createPgDb } from '../../../../server/db/pg';
import type { Db } from '../../../../server/db/types';
import { createLogger } from '../../../../server/logger';
import { domainEn } from '../../../../src/i18n/en/domain';
import { domain as hiDomain } from '../../../../src/i18n/hi/domain';
import { createPlayer } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let t: TestContext;
let second: { db: Db; app: ReturnType<typeof createApp> };

beforeAll(async () => {
  t = await createTestContext();
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const db = await createPgDb(url.toString(), { max: 4 });
  second = { db, app: createApp({ ...t.deps, db, logger: createLogger('silent') }) };
});
afterAll(async () => {
  await second.db.close();
  await t.close();
});

async function refusalOnSecond(token: string): Promise<string> {
  const res = await second.app.request('/api/v1/user/main/bids', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bids: [] }),
  });
  expect(res.status).toBe(422);
  return ((await res.json()) as { message: string }).message;
}

describe('a language saved in one process', () => {
  it("reaches the other process's kept token with the change feed", async () => {
    const p = await createPlayer(t);
    expect(await refusalOnSecond(p.token)).toBe(domainEn.addOneBid);
    const before = second.db.changes.version('auth');
    const put = await t.request('PUT', '/api/v1/user/language', { token: p.token, body: { language: 'hi' } });
    expect(put.status).toBe(200);
    // The notification crosses processes (milliseconds); the kept entry would last 5 s.
    await expect.poll(() => second.db.changes.version('auth'), { timeout: 2000 }).toBeGreaterThan(before);
    expect(await refusalOnSecond(p.token)).toBe(hiDomain.addOneBid);
  });
});
