/**
 * The result feed's quorum across two server processes on one PostgreSQL (issue 46), each the
 * compiled server as `npm start` runs it. Reports of one session arriving at both at once must
 * declare it exactly once (never twice, never not at all). The interleaving is forced: the test
 * holds the game's row lock (the lock a declaration takes first) while the reports arrive, waits
 * until every one of them is in flight and blocked on it, checks none is stored yet, then lets go.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  creditWallet,
  LIFTED_LIMITS,
  marketDay,
  newPlayer,
} from '../../../../scripts/bench/helpers.mjs';
import { DEMO_RATES } from '../../../../server/seed/demo-data';
import { middayZone } from '../../../e2e/market-zone';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../../../ops/helpers/server-process';

const SECRET = 'two-processes-feed-secret-0123';
const ADMIN = { username: 'feed-two-owner', password: 'feed-two-owner-pass' };
// A zone where it is midday now: a market of 06:00-07:00 has closed today, whatever the hour.
const TZ = middayZone(new Date());
let db: { url: string; drop: () => Promise<void> };
let a: ServerProcess;
let b: ServerProcess;
let callA: ReturnType<typeof client>;
let callB: ReturnType<typeof client>;
let admin: string;
let sql: pg.Client;
const day = () => marketDay(TZ);

beforeAll(async () => {
  db = await freshPostgres();
  const env = {
    NODE_ENV: 'development',
    DEMO_SEED: 'false',
    MARKET_TZ: TZ,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RESULT_FEED_SECRET: SECRET,
    DATABASE_URL: db.url,
    ...LIFTED_LIMITS,
  };
  a = await startCompiledServer(env);
  b = await startCompiledServer(env);
  callA = client(a.url);
  callB = client(b.url);
  admin = (await callA('POST', '/api/v1/admin/login', { body: ADMIN })).token;
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  for (const [family, rates] of Object.entries(DEMO_RATES))
    await sql.query(
      'INSERT INTO rates (family, rates) VALUES ($1, $2::jsonb) ON CONFLICT (family) DO UPDATE SET rates = $2::jsonb',
      [family, JSON.stringify(rates)],
    );
  await sql.query(
    `INSERT INTO settings (key, value) VALUES ('required-update', '{"min_bidamount": 1, "max_bidamount": 10000}')
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
  );
}, 180_000);
afterAll(async () => {
  await sql?.end();
  for (const s of [a, b]) if (s && s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await db?.drop();
});

let games = 0;
/** A market, and two push sources mapping it by its published name. */
async function market(family: 'main' | 'starline', times: { openTime: string; closeTime?: string }) {
  games++;
  const name = `RACE ${family.toUpperCase()} ${games}`;
  const made = await callA('POST', `/api/v1/admin/${family}-games`, {
    token: admin,
    body: { gameName: name, ...times },
  });
  for (const source of [`S${games}a`, `S${games}b`])
    await callA('POST', '/api/v1/admin/result-sources', {
      token: admin,
      body: { name: source, kind: 'push', markets: { [name]: made.data._id } },
    });
  return { id: made.data._id as string, name, sources: [`S${games}a`, `S${games}b`] };
}

const report = (call: ReturnType<typeof client>, source: string, body: unknown) =>
  call('POST', `/api/results/feed/${SECRET}/${source}`, { body });

/** Backends of this database waiting on a lock (the reports held by the test's lock). */
async function blocked(): Promise<number> {
  const r = await sql.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
  );
  return r.rows[0].n;
}
async function untilBlocked(n: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await blocked()) < n) {
    if (Date.now() > deadline) throw new Error(`only ${await blocked()} of ${n} reports reached the lock`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Holds the game's row lock in a transaction of its own until `release` is called. */
async function holdGame(gameId: string) {
  const holder = new pg.Client({ connectionString: db.url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [gameId]);
  return {
    release: async () => {
      await holder.query('COMMIT');
      await holder.end();
    },
  };
}

async function facts(gameId: string) {
  const one = async (q: string) => Number((await sql.query(q, [gameId])).rows[0].n);
  return {
    results: await one('SELECT count(*) AS n FROM results WHERE game_id = $1'),
    events: await one(`SELECT count(*) AS n FROM result_events WHERE game_id = $1 AND kind = 'result'`),
    pushes: await one('SELECT count(*) AS n FROM push_outbox WHERE game_id = $1'),
    feedAudit: await one(
      `SELECT count(*) AS n FROM audit_log WHERE method = 'FEED' AND request->>'gameId' = $1::text`,
    ),
    notAgreed: await one(
      `SELECT count(*) AS n FROM result_reports WHERE game_id = $1 AND outcome <> 'agreed'`,
    ),
  };
}

describe('two processes hear the two agreeing reports at the same moment', () => {
  it('a main market: declared once, both sessions, a bid settled once', async () => {
    const game = await market('main', { openTime: '23:00', closeTime: '23:30' });
    const player = await newPlayer(callA, admin, '9812500001');
    await creditWallet(callA, admin, player.id, 100, 'race test');
    await callB('POST', '/api/v1/user/main/bids', {
      token: player.token,
      body: {
        bids: [{ game: game.id, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '1' }],
      },
    });
    // The market's times move to the morning: both sessions have closed today, the bid waits.
    await sql.query(`UPDATE games SET open_time = '06:00', close_time = '07:00' WHERE id = $1`, [game.id]);
    await sql.query(
      `UPDATE game_schedules SET open_time = '06:00', close_time = '07:00' WHERE game_id = $1`,
      [game.id],
    );
    const body = { market: game.name, date: day(), result: '128-10-389' };
    const lock = await holdGame(game.id);
    const first = report(callA, game.sources[0] as string, body);
    const second = report(callB, game.sources[1] as string, body);
    await untilBlocked(2);
    const stored = await sql.query('SELECT count(*)::int AS n FROM result_reports WHERE game_id = $1', [
      game.id,
    ]);
    expect(stored.rows[0].n).toBe(0);
    await lock.release();
    const answers = await Promise.all([first, second]);
    const said = answers.map((r) => r.data.map((x: { outcome: string }) => x.outcome).join(' ')).sort();
    expect(said).toEqual(['agreed agreed', 'waiting waiting']);
    expect(await facts(game.id)).toEqual({ results: 1, events: 2, pushes: 2, feedAudit: 2, notAgreed: 0 });
    const wins = await sql.query(
      `SELECT count(*)::int AS n, sum(amount_paise)::int8 AS paise FROM ledger WHERE user_id = $1 AND kind = 'win'`,
      [player.id],
    );
    expect(wins.rows[0]).toEqual({ n: 1, paise: '9500' });
    const row = await sql.query('SELECT open_sources, close_sources FROM results WHERE game_id = $1', [
      game.id,
    ]);
    expect(row.rows[0]).toEqual({ open_sources: game.sources, close_sources: game.sources });
  });

  it.each([
    ['the first source on process A blocked first', false],
    ['the second source on process B blocked first', true],
  ])(
    'a starline draw, 10 copies of each report on both processes, %s: declared once',
    async (_, reversed) => {
      const game = await market('starline', { openTime: '06:00' });
      const body = { market: game.name, date: day(), result: '137-1' };
      const [early, late] = reversed
        ? [game.sources[1], game.sources[0]]
        : [game.sources[0], game.sources[1]];
      const lock = await holdGame(game.id);
      const inFlight: Array<Promise<{ data: Array<{ outcome: string }> }>> = [];
      inFlight.push(report(reversed ? callB : callA, early as string, body));
      await untilBlocked(1);
      for (let i = 0; i < 20; i++)
        inFlight.push(report(i % 2 ? callA : callB, (i < 10 ? late : early) as string, body));
      await untilBlocked(21);
      await lock.release();
      const answers = await Promise.all(inFlight);
      const outcomes = answers.map((r) => r.data[0]?.outcome);
      // The one that reached the lock first waits; each of the other source's completes or confirms
      // the quorum; the first source's copies wait or confirm, depending on the order they got in.
      expect(outcomes[0]).toBe('waiting');
      expect(outcomes.slice(1, 11)).toEqual(Array(10).fill('agreed'));
      for (const o of outcomes.slice(11)) expect(['waiting', 'agreed']).toContain(o);
      expect(await facts(game.id)).toEqual({ results: 1, events: 1, pushes: 1, feedAudit: 1, notAgreed: 0 });
      // Repeats are not stored: one report per source.
      const rows = await sql.query('SELECT source FROM result_reports WHERE game_id = $1 ORDER BY source', [
        game.id,
      ]);
      expect(rows.rows.map((r) => r.source)).toEqual(game.sources);
    },
  );
});
