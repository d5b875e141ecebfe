import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import client from 'prom-client';

// The process's Prometheus metrics (GET /metrics, routes/metrics.ts), kept by prom-client. What a
// process counts itself (bids, requests, its own CPU and memory) lives in `processRegistry`; with
// WORKERS>1 the primary sums every server process's copy (prom-client's AggregatorRegistry), so
// a scrape through any process sees the whole machine. What the database knows (pending money
// requests, the watchdog's findings) is read at the scrape by the process that answers it.

export const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry });

/** Bid rows accepted (one per atom, as stored): a replayed Idempotency-Key adds nothing. */
export const bidsAccepted = new client.Counter({
  name: 'matka_bids_total',
  help: 'Bid rows accepted (one per atom stored; replays of an Idempotency-Key not counted)',
  registers: [processRegistry],
});

/**
 * Request durations by method, route PATTERN (`/api/v1/admin/users/:id`, never the raw path, so no
 * id or secret reaches a label) and status. Polls answered before Hono (http/fast-read.ts) count.
 */
export const requestDuration = new client.Histogram({
  name: 'matka_http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/** The figures a scrape reads from the database (the answering process sets them each time). */
export const databaseRegistry = new client.Registry();
const gauge = (name: string, help: string, labelNames: string[] = []) =>
  new client.Gauge({ name, help, labelNames, registers: [databaseRegistry] });
export const dbGauges = {
  pendingWithdrawals: gauge('matka_pending_withdrawals', 'Withdrawals waiting for an operator'),
  pendingWithdrawalsPoints: gauge('matka_pending_withdrawals_points', 'Points held by pending withdrawals'),
  pendingFunds: gauge('matka_pending_funds', 'Fund requests (deposits) still pending'),
  pendingFundsPoints: gauge('matka_pending_funds_points', 'Points of the pending fund requests'),
  watchdogFindings: gauge('matka_watchdog_findings', "The watchdog's open findings", ['kind', 'severity']),
  watchdogCheckedAt: gauge(
    'matka_watchdog_last_pass_timestamp_seconds',
    "When the watchdog's last pass finished (Unix time; 0 before the first)",
  ),
  forwarderHeardAt: gauge(
    'matka_payment_notify_last_received_timestamp_seconds',
    'When the last forwarded payment message arrived (Unix time; 0: never), for npm run doctor',
  ),
};

const REQUEST = 'matka:metrics-request';
const ANSWER = 'matka:metrics-answer';
const pending = new Map<string, (text: string | null) => void>();

/** In a server process forked by the primary: answer the primary's aggregation requests. */
if (cluster.isWorker) {
  new client.AggregatorRegistry();
  client.AggregatorRegistry.setRegistries([processRegistry]);
  process.on('message', (message: { type?: string; id?: string; text?: string | null }) => {
    if (message?.type !== ANSWER || typeof message.id !== 'string') return;
    pending.get(message.id)?.(message.text ?? null);
    pending.delete(message.id);
  });
}

/** The process metrics as text: every server process's, summed, when the primary can be asked. */
export async function processMetricsText(): Promise<string> {
  if (!cluster.isWorker || typeof process.send !== 'function') return processRegistry.metrics();
  const id = randomUUID();
  const text = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve(null);
    }, 5000);
    pending.set(id, (t) => {
      clearTimeout(timer);
      resolve(t);
    });
    process.send?.({ type: REQUEST, id });
  });
  // The primary did not answer (restarting): this process's own figures rather than none.
  return text ?? processRegistry.metrics();
}

/** In the WORKERS>1 primary (server/main.ts): sums the processes' metrics for whichever asks. */
export function serveClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== REQUEST || typeof message.id !== 'string') return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      () => worker.send({ type: ANSWER, id: message.id, text: null }),
    );
  });
}

export const METRICS_CONTENT_TYPE = processRegistry.contentType;
