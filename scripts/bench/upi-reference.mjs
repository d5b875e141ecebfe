// The same-stack reference of scripts/bench/upi-notify.mjs: Hono on @hono/node-server taking a
// JSON POST and doing the minimal credit from a message in PostgreSQL (store it once by its UTR,
// move the balance, write the ledger row), nothing else. DATABASE_URL names a scratch database.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(`
  CREATE TABLE IF NOT EXISTS raw_users (id int PRIMARY KEY, balance bigint NOT NULL);
  CREATE TABLE IF NOT EXISTS raw_notes (utr text PRIMARY KEY, text text NOT NULL, received_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE IF NOT EXISTS raw_ledger (id bigserial PRIMARY KEY, user_id int NOT NULL, amount bigint NOT NULL, ref text NOT NULL UNIQUE);
  INSERT INTO raw_users SELECT g, 0 FROM generate_series(1, 50) g ON CONFLICT DO NOTHING;`);
const app = new Hono();
app.post('/credit', async (c) => {
  const { utr, text, user, paise } = await c.req.json();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await client.query(
      'INSERT INTO raw_notes (utr, text) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
      [utr, text],
    );
    if (fresh.rows.length) {
      await client.query('UPDATE raw_users SET balance = balance + $2 WHERE id = $1', [user, paise]);
      await client.query('INSERT INTO raw_ledger (user_id, amount, ref) VALUES ($1, $2, $3)', [
        user,
        paise,
        utr,
      ]);
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return c.json({ status: true, data: { outcome: 'matched' } });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => {
  process.send?.('ready');
});
