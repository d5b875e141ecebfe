// Server CPU per bid without HTTP sockets: the app in-process on PostgreSQL, bids placed through
// app.request by 20 concurrent loops, CPU time of this process (user + system) per bid.
//   DATABASE_URL=postgres://.../postgres npx tsx scripts/bench/bid-cpu.ts [bids]
import { createApp } from '../../server/app';
import { dbClock } from '../../server/clock';
import { migrate } from '../../server/db/migrate';
import { createPgDb } from '../../server/db/pg';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { DEMO_RATES } from '../../server/seed/demo-data';
import { hashToken } from '../../server/services/auth/token-hash';

const total = Number(process.argv[2] ?? 4000);
const base = process.env.DATABASE_URL as string;
const admin = await createPgDb(base, { max: 1 });
const name = `bidcpu_${process.pid}`;
await admin.exec(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const db = await createPgDb(url.toString(), { max: 20 });
try {
  await migrate(db);
  // A bid is placed at its family's rate and keeps it: no rate, no bid.
  await db.query(`INSERT INTO rates (family, rates) VALUES ('main', $1::jsonb)`, [
    JSON.stringify(DEMO_RATES.main),
  ]);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DEMO_SEED: 'false' });
  const app = createApp({ db, env, clock: dbClock(db), logger: createLogger('info', () => {}) });
  const game = (
    await db.query<{ id: string }>(
      `INSERT INTO games (family, game_name, open_time, close_time) VALUES ('main', 'CPU', '00:00', '23:59') RETURNING id`,
    )
  ).rows[0]?.id as string;
  const players: string[] = [];
  for (let i = 0; i < 20; i++) {
    const u = await db.query<{ id: string }>(
      `INSERT INTO users (name, phone, password_hash, referral_code, balance_paise) VALUES ($1, $2, 'x', $3, 100000000000) RETURNING id`,
      [`p${i}`, `70000000${String(i).padStart(2, '0')}`, `CPU${i}`],
    );
    const token = `bench-token-${i}-abcdefghijklmnop`;
    await db.query(
      `INSERT INTO auth_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [hashToken(token), u.rows[0]?.id],
    );
    players.push(token);
  }
  const body = JSON.stringify({
    bids: [{ game, gameType: 'single-digit', amount: 10, session: 'Close', closeDigit: '3' }],
  });
  const one = async (token: string) => {
    const r = await app.request('/api/v1/user/main/bids', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
      body,
    });
    if (r.status !== 201) throw new Error(`${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  };
  for (const t of players) await one(t); // warm caches
  let left = total;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    players.map(async (t) => {
      while (left-- > 0) await one(t);
    }),
  );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${total} bids in ${Math.round(ms)} ms (${Math.round((total / ms) * 1000)}/s); CPU ${((cpu.user + cpu.system) / 1000 / total).toFixed(3)} ms a bid (user ${(cpu.user / 1000 / total).toFixed(3)}, system ${(cpu.system / 1000 / total).toFixed(3)})`,
  );
  // With track_functions = 'pl' on the server: the bid statement's own time inside PostgreSQL.
  const f = await db.query<{ calls: number; ms: string }>(
    `SELECT calls, round((total_time / nullif(calls, 0))::numeric, 3)::text AS ms FROM pg_stat_user_functions
      WHERE funcname = 'matka_place_bids'`,
  );
  if (f.rows[0])
    console.log(`matka_place_bids: ${f.rows[0].calls} calls, ${f.rows[0].ms} ms each inside PostgreSQL`);
} finally {
  await db.close();
  await admin.exec(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.close();
}
