/**
 * GET /metrics under WORKERS=2 (issue 36): whichever process answers the scrape, the counters are
 * the sum of both processes' (the primary aggregates them with prom-client's AggregatorRegistry),
 * and the database gauges appear once, not once per process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../helpers/server-process';

const TOKEN = 'cluster-metrics-token-0123456789';
let db: { url: string; drop: () => Promise<void> };
let server: ServerProcess;

beforeAll(async () => {
  db = await freshPostgres();
  server = await startCompiledServer({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    WORKERS: '2',
    METRICS_TOKEN: TOKEN,
  });
  await server.waitForLog(/Processes: {4}2/);
}, 90_000);
afterAll(async () => {
  if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
  await server?.exited;
  await db.drop();
});

/** The healthz requests counted in one scrape, and the pid that answered it. */
async function scrape(): Promise<{ count: number; text: string }> {
  const r = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' },
  });
  expect(r.status).toBe(200);
  const text = await r.text();
  const line = text
    .split('\n')
    .find(
      (l) => l.startsWith('matka_http_request_duration_seconds_count{') && l.includes('route="/healthz"'),
    );
  return { count: Number(line?.split(' ').at(-1) ?? 0), text };
}

describe('metrics with WORKERS=2', () => {
  it('every scrape sums both processes', async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const r = await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } });
      pids.add(((await r.json()) as { pid: number }).pid);
    }
    expect(pids.size).toBe(2);
    for (let i = 0; i < 6; i++) {
      const { count, text } = await scrape();
      expect(count).toBe(40);
      expect(text.match(/^matka_pending_withdrawals /gm)).toHaveLength(1);
      expect(text.match(/^# TYPE matka_bids_total counter$/gm)).toHaveLength(1);
    }
  }, 60_000);
});
