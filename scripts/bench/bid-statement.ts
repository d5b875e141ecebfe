// The bid statement inside PostgreSQL, without HTTP: 50 connections calling matka_place_bids (one
// single-digit bid each, no idempotency key) back to back, beside the raw loop of bench.mjs (update
// balance, insert bid, insert ledger row, in BEGIN/COMMIT) in the same run, alternated. Prints each
// rate, the ratio, and how many of the balance updates were HOT (no index touched).
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/bid-statement.ts [seconds]
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { createPgDb } from '../../server/db/pg';
import { placeBidsStatement } from '../../server/db/repositories/bid-statement';
// @ts-expect-error: a plain JavaScript helper of the benchmarks
import { freshDatabase } from './helpers.mjs';

const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!base) throw new Error('set TEST_DATABASE_URL (PostgreSQL)');
const SECONDS = Number(process.argv[2] ?? 6);
const PLAYERS = 50;

const fresh = await freshDatabase(base, 'bench_stmt');
const db = await createPgDb(fresh.url, { max: 45 });
await migrate(db);
// The statement compares each bid's rate with its family's table (a bid keeps the rate it was placed at).
await db.query(
  `INSERT INTO rates (family, rates) VALUES ('main', '{"singleDigitPoint": 10, "singleDigitAmount": 95}')`,
);
const users: string[] = [];
for (let i = 0; i < PLAYERS; i++) {
  const r = await db.query<{ id: string }>(
    `INSERT INTO users (name, phone, password_hash, referral_code, is_verified, balance_paise)
     VALUES ($1, $2, 'x', $3, true, 1000000000000) RETURNING id`,
    [`p${i}`, `7${String(200000000 + i)}`, `R${i}`],
  );
  users.push(r.rows[0]?.id as string);
}
const game = (
  await db.query<{ id: string; version: number }>(
    `INSERT INTO games (family, game_name, open_time, close_time) VALUES ('main', 'Bench', '00:00', '23:59')
     RETURNING id, version`,
  )
).rows[0] as { id: string; version: number };
const bidDate = new Date().toISOString().slice(0, 10);
const far = new Date(Date.now() + 3600_000);

async function statementLoop(): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    users.map(async (userId, i) => {
      while (performance.now() < until) {
        const bid = {
          id: randomUUID(),
          gameId: game.id,
          family: 'main' as const,
          gameType: 'single-digit' as const,
          session: 'Close' as const,
          digit: null,
          openDigit: null,
          closeDigit: String(i % 10),
          openPanna: null,
          closePanna: null,
          pannaType: null,
          atom: { kind: 'digit', digit: String(i % 10) },
          bidDate,
          amountPaise: 1000,
          ratePoint: 10,
          rateAmount: 95,
          rateKey: 'singleDigit',
          rateShown: false,
        };
        const out = await placeBidsStatement(db, {
          userId,
          key: null,
          hash: null,
          requestId: randomUUID(),
          totalPaise: 1000,
          description: 'Bid',
          games: [game],
          // biome-ignore lint/suspicious/noExplicitAny: the bench's atom is the wire shape
          bids: [{ ...(bid as any), deadline: far, closeOnly: true }],
          // No key: nothing to store, the caller shapes its answer (services/bids/place.ts).
          answer: null,
          now: null,
          tz: 'Asia/Kolkata',
        });
        if (!('status' in out)) throw new Error(`refused: ${JSON.stringify(out)}`);
        done++;
      }
    }),
  );
  return done / SECONDS;
}

async function rawLoop(pool: pg.Pool): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: PLAYERS }, async (_, i) => {
      const c = await pool.connect();
      while (performance.now() < until) {
        await c.query('BEGIN');
        await c.query('UPDATE raw_users SET balance = balance - 1000 WHERE id = $1', [i + 1]);
        const b = await c.query(
          `INSERT INTO raw_bids (user_id, game_type, digit, amount) VALUES ($1, 'single-digit', '1', 1000) RETURNING id`,
          [i + 1],
        );
        await c.query('INSERT INTO raw_ledger (user_id, amount, ref) VALUES ($1, -1000, $2)', [
          i + 1,
          b.rows[0].id,
        ]);
        await c.query('COMMIT');
        done++;
      }
      c.release();
    }),
  );
  return done / SECONDS;
}

const rawPool = new pg.Pool({ connectionString: fresh.url, max: PLAYERS });
await rawPool.query(`
  CREATE TABLE raw_users (id int PRIMARY KEY, balance bigint NOT NULL CHECK (balance >= 0));
  CREATE TABLE raw_ledger (id bigserial PRIMARY KEY, user_id int NOT NULL, amount bigint NOT NULL,
    ref uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE raw_bids (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id int NOT NULL,
    game_type text NOT NULL, digit text NOT NULL, amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  INSERT INTO raw_users SELECT g, 1000000000 FROM generate_series(1, ${PLAYERS}) g;`);

const rounds: [number, number][] = [];
for (let round = 0; round < 2; round++) {
  const s = await statementLoop();
  const r = await rawLoop(rawPool);
  rounds.push([s, r]);
  console.log(
    `round ${round + 1}: statement ${Math.round(s)}/s, raw ${Math.round(r)}/s, ${(s / r).toFixed(2)}x`,
  );
}
const hot = await db.query<{ relname: string; upd: number; hot: number }>(
  `SELECT relname, n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables
    WHERE relname IN ('users', 'raw_users') ORDER BY relname`,
);
for (const h of hot.rows) console.log(`${h.relname}: ${h.hot} of ${h.upd} updates HOT`);
await rawPool.end();
await db.close();
await fresh.drop();
