import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeModules } from '../../../server/app';
import { seedDemo } from '../../../server/seed/demo';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

// The areas this file checks; money routes have their own tests.
const TAGS = new Set(['Users', 'Settings', 'SMS', 'Games', 'Rates', 'Results', 'Digits', 'Content']);
const PLAYER_ONLY = new Set(['/api/v1/user/user-details']);

let t: TestContext;
let admin: { token: string };
let player: { token: string };
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-21T06:30:00Z' });
  await seedDemo(t.db, new Date('2026-11-21T06:30:00Z'), 'Asia/Kolkata');
  admin = await createAdmin(t);
  player = await createPlayer(t);
});
afterAll(() => t.close());

const reads = routeModules()
  .flatMap((m) => m.records)
  .filter((r) => r.method === 'get' && TAGS.has(r.tag) && !r.path.includes(':') && r.spec.response);

describe('every read answers what its contract (and the OpenAPI document) says', () => {
  it.each(reads.map((r) => [r.path, r] as const))('GET %s', async (path, record) => {
    const token = PLAYER_ONLY.has(path) ? player.token : admin.token;
    const res = await t.request('GET', path, { token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    const schema = record.spec.response as z.ZodType;
    const parsed = (record.spec.paged ? z.array(schema) : schema).safeParse(res.body.data);
    if (record.spec.paged) expect(res.body.pagination).toBeDefined();
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('covers the reads of docs/api.md', () => {
    const paths = reads.map((r) => r.path);
    for (const p of [
      '/api/v1/admin/main-games',
      '/api/v1/admin/all-result',
      '/api/v1/status',
      '/api/v1/config',
      '/api/v1/admin/game-point',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
