/**
 * Set-based settlement is still exactly once and kill -9 safe (issue 18): 100,000 pending bids, the
 * close declared through the compiled server, the process killed with SIGKILL while a settlement
 * batch runs, then declared again through a new process: every bid settled once, every win paid
 * once, every balance the sum of its ledger.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../helpers/server-process';

const ADMIN = { username: 'kill-admin', password: 'kill-admin-password' };
const BIDS = 100_000;
const PLAYERS = 200;
let db: { url: string; drop: () => Promise<void> };
let sql: pg.Client;

beforeAll(async () => {
  db = await freshPostgres();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
}, 60_000);
afterAll(async () => {
  await sql.end();
  await db.drop();
});

const start = () =>
  startCompiledServer({
    NODE_ENV: 'test',
    DEMO_SEED: 'false',
    DATABASE_URL: db.url,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });

async function call(server: ServerProcess, path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: unknown } };
}

const one = async (q: string, params: unknown[] = []) =>
  Number(Object.values((await sql.query(q, params)).rows[0] ?? {})[0] ?? 0);

describe('settlement killed half-way (PostgreSQL)', () => {
  it('pays nothing when killed, and everything exactly once when declared again', async () => {
    let server = await start();
    expect(server.proc.exitCode, server.log()).toBeNull();
    // Yesterday in the market zone: a day whose result may be declared at any hour.
    const day = (await sql.query(`SELECT ((now() AT TIME ZONE 'Asia/Kolkata')::date - 1)::text AS d`)).rows[0]
      .d;
    await sql.query(
      `INSERT INTO rates (family, rates) VALUES ('main', '{"singleDigitPoint": 10, "singleDigitAmount": 95}')
       ON CONFLICT (family) DO UPDATE SET rates = EXCLUDED.rates`,
    );
    const game = (
      await sql.query(
        `INSERT INTO games (family, game_name, open_time, close_time) VALUES ('main', 'Kill Settle', '10:00', '12:00')
         RETURNING id`,
      )
    ).rows[0].id as string;
    await sql.query(
      `INSERT INTO users (name, phone, password_hash, referral_code)
       SELECT 'Killed ' || g, '7' || lpad(g::text, 9, '0'), 'x', 'KILL' || g FROM generate_series(1, $1::int) g`,
      [PLAYERS],
    );
    await sql.query(
      `INSERT INTO bids (request_id, user_id, game_id, family, game_type, session, close_digit, atom, bid_date, amount_paise)
       SELECT gen_random_uuid(), u.id, $1, 'main', 'single-digit', 'Close', (g % 10)::text,
              jsonb_build_object('kind', 'digit', 'target', 'close', 'digit', (g % 10)::text), $2, 1000 + 100 * (g % 3)
         FROM generate_series(1, $3::int) g
         JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM users WHERE phone LIKE '7%') u
           ON u.k = 1 + g % $4`,
      [game, day, BIDS, PLAYERS],
    );
    await sql.query('ANALYZE bids');
    const token = (await call(server, '/api/v1/admin/login', ADMIN)).body.token as string;
    const open = await call(
      server,
      '/api/v1/admin/results/main',
      { gameId: game, resultDate: day, session: 'open', panna: '123' },
      token,
    );
    expect(open.status).toBe(201);

    // The close declaration, killed with SIGKILL the moment a settlement batch is running.
    const close = { gameId: game, resultDate: day, session: 'close', panna: '456' };
    const declaring = call(server, '/api/v1/admin/results/main', close, token).catch(() => null);
    let seen = false;
    for (let i = 0; i < 2000 && !seen; i++) {
      seen =
        (await one(
          `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state = 'active'
              AND query LIKE '%UPDATE bids b SET status%' AND pid <> pg_backend_pid()`,
        )) > 0;
      if (!seen) await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen, 'a settlement batch was seen running').toBe(true);
    server.proc.kill('SIGKILL');
    await server.exited;
    expect(await declaring).toBeNull();
    // The orphaned backend finishes its statement, cannot answer and rolls back.
    for (let i = 0; i < 600; i++) {
      const busy = await one(
        `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND backend_type = 'client backend'`,
      );
      if (busy === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(
      await one(`SELECT count(*) FROM results WHERE game_id = $1 AND close_panna IS NOT NULL`, [game]),
    ).toBe(0);
    expect(await one(`SELECT count(*) FROM bids WHERE game_id = $1 AND status <> 'pending'`, [game])).toBe(0);
    expect(await one(`SELECT count(*) FROM ledger WHERE kind = 'win'`)).toBe(0);
    expect(await one(`SELECT coalesce(sum(balance_paise), 0) FROM users`)).toBe(0);

    server = await start();
    expect(server.proc.exitCode, server.log()).toBeNull();
    const again = await call(server, '/api/v1/admin/results/main', close, token);
    expect(again.status).toBe(201);
    expect((again.body.data as { settlement: { settledBids: number } }).settlement.settledBids).toBe(BIDS);
    // Close digit of 456 is 5 (4+5+6 = 15): a tenth of the bids win, each paid once.
    const won = await one(`SELECT count(*) FROM bids WHERE game_id = $1 AND status = 'won'`, [game]);
    expect(won).toBe(BIDS / 10);
    expect(await one(`SELECT count(*) FROM bids WHERE game_id = $1 AND status = 'pending'`, [game])).toBe(0);
    expect(await one(`SELECT count(*) FROM ledger WHERE kind = 'win'`)).toBe(won);
    expect(
      await one(
        `SELECT count(*) FROM bids b WHERE b.game_id = $1 AND b.status = 'won'
            AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.kind = 'win' AND l.ref_id = b.id::text
                              AND l.amount_paise = b.win_paise AND l.user_id = b.user_id)`,
        [game],
      ),
    ).toBe(0);
    expect(
      await one(
        `SELECT count(*) FROM users u
          WHERE u.balance_paise <> (SELECT coalesce(sum(amount_paise), 0) FROM ledger l WHERE l.user_id = u.id)`,
      ),
    ).toBe(0);
    // A third declaration of the close is refused and pays nothing.
    expect((await call(server, '/api/v1/admin/results/main', close, token)).status).toBe(409);
    expect(await one(`SELECT count(*) FROM ledger WHERE kind = 'win'`)).toBe(won);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
