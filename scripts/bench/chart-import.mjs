#!/usr/bin/env node
// Chart history (issue 46): ten years of one market's chart (3,650 days) imported through
// POST /api/v1/admin/charts/import (a dry run, the import, the same file again), beside a same-run
// reference: a bare COPY of the same 3,650 rows into a table with the results table's key, on the
// same database engine (PostgreSQL with DATABASE_URL; else PGlite, the server's and an in-memory
// one for the reference). The import parses and checks every line, reads the market's stored days
// and its bids, and writes in one transaction under the market's lock; the COPY only writes.
//   node scripts/bench/chart-import.mjs [--days 3650] [--runs 3]
//   DATABASE_URL=postgres://.../postgres node scripts/bench/chart-import.mjs
//   npm run bench runs it too (one line in scripts/bench.mjs).
// The machine is shared: read the ratio, not the absolute figures.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  buildServer,
  client,
  freePort,
  freshDatabase,
  LIFTED_LIMITS,
  startServer,
  stopServer,
  tempDataDir,
} from './helpers.mjs';

const OWNER = { username: 'bench-chart-owner', password: 'bench-chart-owner-pass' };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(0)} ms`;

/** `days` consecutive days ending yesterday (UTC calendar), each with an open and a close panna. */
function chartRows(days, pannas) {
  const rows = [];
  const end =
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 2 * 86_400_000;
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    // The jodi is left for the server to derive from the pannas (an empty cell).
    rows.push([date, pannas[(i * 7) % pannas.length], '', pannas[(i * 13 + 5) % pannas.length]]);
  }
  return rows;
}

const REFERENCE_TABLE = `CREATE TABLE bench_chart_copy (
  game_id uuid NOT NULL, result_date date NOT NULL, open_panna text, open_digit text,
  close_panna text, close_digit text, UNIQUE (game_id, result_date))`;

/** The reference on PostgreSQL: one COPY of the same rows into a fresh table, each run. */
function pgReference(url) {
  return {
    async copy(csv) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP TABLE IF EXISTS bench_chart_copy; ${REFERENCE_TABLE}`);
        const t0 = performance.now();
        await new Promise((resolve, reject) => {
          const stream = c.query(copyFrom('COPY bench_chart_copy FROM STDIN WITH (FORMAT csv)'));
          stream.on('finish', resolve).on('error', reject);
          stream.end(csv);
        });
        const ms = performance.now() - t0;
        await c.query('DROP TABLE bench_chart_copy');
        return ms;
      } finally {
        await c.end();
      }
    },
    close: async () => undefined,
  };
}

/**
 * The reference on PGlite: an in-memory database (made before the server is asked anything: its
 * start holds this process for seconds), the same table, COPY from a blob.
 */
async function pgliteReference() {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  return {
    async copy(csv) {
      await db.exec(`DROP TABLE IF EXISTS bench_chart_copy; ${REFERENCE_TABLE}`);
      const t0 = performance.now();
      await db.query(`COPY bench_chart_copy FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: new Blob([csv]),
      });
      return performance.now() - t0;
    },
    close: () => db.close(),
  };
}

/** Runs the bench and prints each figure through `row(what, value, reference, ratio)`. */
export async function chartImportBench({ base, row, days = 3650, runs = 3, build = true }) {
  if (build) buildServer();
  const db = base ? await freshDatabase(base, 'benchchart') : null;
  const dir = base ? null : tempDataDir();
  const reference = db ? pgReference(db.url) : await pgliteReference();
  const server = await startServer({
    port: await freePort(),
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DEMO_SEED: 'false',
      ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: dir.dir }),
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      ...LIFTED_LIMITS,
    },
    quiet: !process.env.BENCH_LOG_LEVEL,
  });
  try {
    const call = client(server.url);
    const token = (await call('POST', '/api/v1/admin/login', { body: OWNER })).token;
    const pannas = (await call('GET', '/api/v1/admin/all-panna')).data.map((p) => p.digit);
    const rows = chartRows(days, pannas);
    const file = `date,open,jodi,close\n${rows.map((r) => r.join(',')).join('\n')}\n`;
    const post = async (gameId, dryRun) => {
      const t0 = performance.now();
      const r = await call('POST', `/api/v1/admin/charts/import?gameId=${gameId}&dryRun=${dryRun}`, {
        token,
        rawBody: file,
        headers: { 'content-type': 'text/csv' },
        timeoutMs: 300_000,
      });
      return { ms: performance.now() - t0, data: r.data };
    };
    const times = { dry: [], import: [], again: [], copy: [] };
    for (let run = 0; run < runs; run++) {
      // A market of its own each run: the import writes every day.
      const game = await call('POST', '/api/v1/admin/main-games', {
        token,
        body: { gameName: `Bench Chart ${run}`, openTime: '15:00', closeTime: '17:00' },
      });
      const id = game.data._id;
      const dry = await post(id, true);
      const done = await post(id, false);
      const again = await post(id, false);
      if (done.data.added !== days || again.data.added !== 0 || again.data.unchanged !== days)
        throw new Error(
          `unexpected answers: ${JSON.stringify({ done: done.data.added, again: again.data })}`,
        );
      times.dry.push(dry.ms);
      times.import.push(done.ms);
      times.again.push(again.ms);
      const rowsCsv = rows.map((r) => [id, r[0], r[1], '', r[3], ''].join(',')).join('\n');
      times.copy.push(await reference.copy(rowsCsv));
    }
    const copy = median(times.copy);
    const engine = db ? 'PostgreSQL' : 'PGlite';
    const ratio = (ms) => `${(ms / copy).toFixed(1)}x`;
    row(
      `chart import ${days} days (${engine}), dry run`,
      fmt(median(times.dry)),
      `COPY ${fmt(copy)}`,
      ratio(median(times.dry)),
    );
    row(
      `chart import ${days} days (${engine}), import`,
      fmt(median(times.import)),
      `COPY ${fmt(copy)}`,
      ratio(median(times.import)),
    );
    row(
      `chart import ${days} days (${engine}), same file again`,
      fmt(median(times.again)),
      `COPY ${fmt(copy)}`,
      ratio(median(times.again)),
    );
  } catch (error) {
    console.error(server.log());
    throw error;
  } finally {
    await stopServer(server);
    await reference.close();
    await db?.drop();
    dir?.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { days: { type: 'string', default: '3650' }, runs: { type: 'string', default: '3' } },
  });
  const row = (what, value, reference, ratio) =>
    console.log(
      `${what.padEnd(48)} ${String(value).padEnd(12)} ${String(reference ?? '').padEnd(16)} ${ratio ?? ''}`,
    );
  await chartImportBench({
    base: process.env.DATABASE_URL,
    row,
    days: Number(values.days),
    runs: Number(values.runs),
  });
}
