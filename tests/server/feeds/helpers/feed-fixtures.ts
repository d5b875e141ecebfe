import { expect } from 'vitest';
import { createAdmin } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { seedGame, seedRates, setBidRange } from '../../money/helpers/money-fixtures';

/** The path secret the feed tests' servers take pushes with. */
export const SECRET = 'feed-secret-0123456789abcdef';
/** Friday 2026-11-20, 13:00 in Asia/Kolkata: the morning markets have closed, the afternoon's not opened. */
export const NOW = '2026-11-20T07:30:00Z';
export const DAY = '2026-11-20';
export const YESTERDAY = '2026-11-19';

export interface FeedWorld {
  t: TestContext;
  owner: { id: string; token: string; username: string };
  games: { kalyan: string; evening: string; star: string; gali: string };
  /** Source names to ids, each mapping the four markets by their published names. */
  sources: Record<string, string>;
}

/** The published names of the markets, as a result site writes them. */
export const MARKETS = { kalyan: 'KALYAN', evening: 'EVENING BAZAR', star: 'STAR 11', gali: 'GALI' };

/**
 * A server (PGlite, or PostgreSQL with TEST_DB=pg) at NOW with: Kalyan 10:00-12:00 (both sessions
 * closed), Evening Bazar 14:00-16:00 (not open yet), a starline draw at 11:00, a galidisawar draw at
 * 12:30; and push sources by the names given, each mapping the four markets.
 */
export async function feedWorld(names: string[], env: Record<string, string> = {}): Promise<FeedWorld> {
  const t = await createTestContext({ now: NOW, env: { RESULT_FEED_SECRET: SECRET, ...env } });
  await seedRates(t);
  await setBidRange(t, 1, 10_000);
  const owner = await createAdmin(t);
  const games = {
    kalyan: await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Feed Kalyan' }),
    evening: await seedGame(t, { family: 'main', open: '14:00', close: '16:00', name: 'Feed Evening' }),
    star: await seedGame(t, { family: 'starline', open: '11:00', name: 'Feed Star 11' }),
    gali: await seedGame(t, { family: 'galidisawar', open: '12:30', name: 'Feed Gali' }),
  };
  const markets = {
    [MARKETS.kalyan]: games.kalyan,
    [MARKETS.evening]: games.evening,
    [MARKETS.star]: games.star,
    [MARKETS.gali]: games.gali,
  };
  const sources: Record<string, string> = {};
  for (const name of names) {
    const r = await t.request('POST', '/api/v1/admin/result-sources', {
      token: owner.token,
      body: { name, kind: 'push', enabled: true, markets },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    sources[name] = r.body.data._id;
  }
  return { t, owner, games, sources };
}

/** A push from one source; answers the stored reports. */
export async function push(t: TestContext, name: string, body: unknown, secret = SECRET) {
  return t.request('POST', `/api/results/feed/${secret}/${name}`, { body });
}

export async function count(
  t: TestContext,
  table: 'result_reports' | 'results' | 'result_events' | 'push_outbox',
) {
  const r = await t.db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM ${table}`);
  return Number(r.rows[0]?.n ?? 0);
}

/** The declared result row of a game's day, as the console's list reads it. */
export async function resultRow(t: TestContext, path: string, gameId: string, token?: string) {
  const r = await t.request('GET', `/api/v1/admin/${path}?gameId=${gameId}&date=${DAY}`, { token });
  expect(r.status).toBe(200);
  return r.body.data[0];
}
