import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../../../server/seed/demo';
import { DEMO_MAIN } from '../../../../server/seed/demo-data';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-21T06:30:00Z' });
});
afterAll(() => t.close());

it('two servers starting at once on an empty database seed it once', async () => {
  const now = await t.clock.now();
  const outcomes = await Promise.all([
    seedDemo(t.db, now, 'Asia/Kolkata'),
    seedDemo(t.db, now, 'Asia/Kolkata'),
    seedDemo(t.db, now, 'Asia/Kolkata'),
  ]);
  expect(outcomes.filter(Boolean)).toHaveLength(1);
  const games = await t.db.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM games WHERE family = 'main'`,
  );
  expect(games.rows[0]?.n).toBe(DEMO_MAIN.length);
  const players = await t.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM users');
  expect(players.rows[0]?.n).toBe(1);
});
