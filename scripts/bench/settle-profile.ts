// Profiles settlement of N pending bids straight through the service (no HTTP), on PostgreSQL:
//   DATABASE_URL=postgres://.../postgres npx tsx scripts/bench/settle-profile.ts 1000000

import { migrate } from '../../server/db/migrate';
import { createPgDb } from '../../server/db/pg';
import { declareResult } from '../../server/services/settlement/declare';

const n = Number(process.argv[2] ?? 100000);
const base = process.env.DATABASE_URL as string;
const admin = await createPgDb(base, { max: 1 });
const name = `prof_${process.pid}`;
await admin.exec(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const db = await createPgDb(url.toString(), { max: 4 });
try {
  await migrate(db);
  await db.exec(`
    INSERT INTO rates (family, rates) VALUES ('main', '{"singleDigitPoint":10,"singleDigitAmount":95}')
      ON CONFLICT (family) DO UPDATE SET rates = EXCLUDED.rates;
    INSERT INTO users (name, phone, password_hash, referral_code, balance_paise)
      SELECT 'p' || g, '9' || lpad(g::text, 9, '0'), 'x', 'r' || g, 0 FROM generate_series(1, 1000) g;
    INSERT INTO games (family, game_name, open_time, close_time) VALUES ('main', 'Prof', '00:00', '23:59');`);
  const game = (await db.query<{ id: string }>('SELECT id FROM games')).rows[0]?.id as string;
  const day = (await db.query<{ d: string }>("SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date::text AS d"))
    .rows[0]?.d as string;
  let t = performance.now();
  await db.query(
    `INSERT INTO bids (request_id, user_id, game_id, family, game_type, session, close_digit, atom, bid_date, amount_paise,
                       rate_point, rate_amount)
     SELECT gen_random_uuid(), u.id, $1, 'main', 'single-digit', 'Close', (g % 10)::text,
            jsonb_build_object('kind', 'digit', 'target', 'close', 'digit', (g % 10)::text), $2, 1000, 10, 95
       FROM generate_series(1, $3::int) g JOIN (SELECT id, row_number() OVER () AS k FROM users) u ON u.k = 1 + g % 1000`,
    [game, day, n],
  );
  await db.exec('ANALYZE');
  console.log(`inserted ${n} bids in ${Math.round(performance.now() - t)} ms`);
  const ctx = { adminId: null, now: new Date(), tz: 'Asia/Kolkata' };
  await db.transaction((tx) =>
    declareResult(tx, { family: 'main', gameId: game, resultDate: day, session: 'open', panna: '123' }, ctx),
  );
  t = performance.now();
  const r = await db.transaction((tx) => {
    const timed = {
      ...tx,
      async query(sql: string, params?: readonly unknown[]) {
        if (process.env.EXPLAIN && sql.startsWith(process.env.EXPLAIN)) {
          const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
          console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
        }
        const t0 = performance.now();
        const out = await tx.query(sql, params);
        const head = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
        console.log(`  ${String(Math.round(performance.now() - t0)).padStart(6)} ms  ${head}`);
        return out;
      },
    } as typeof tx;
    return declareResult(
      timed,
      { family: 'main', gameId: game, resultDate: day, session: 'close', panna: '456' },
      ctx,
    );
  });
  console.log(
    `settled ${r.settlement.settledBids} (${r.settlement.winners} won) in ${Math.round(performance.now() - t)} ms`,
  );
} finally {
  await db.close();
  await admin.exec(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.close();
}
