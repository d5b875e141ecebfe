import cluster from 'node:cluster';
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { Server as NetServer } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { dbClock } from './clock';
import { connectDb } from './db/connect';
import { migrate } from './db/migrate';
import type { Db } from './db/types';
import type { Deps } from './deps';
import { type Env, EnvError, loadEnv } from './env';
import { guardConnections, serverOptions } from './http/connections';
import { answerFast } from './http/fast-read';
import { createLogger, type Logger } from './logger';
import { serveClusterMetrics } from './metrics';
import type { Lifecycle } from './routes/health';
import { seedDemo } from './seed/demo';
import { DEMO_PLAYER } from './seed/demo-data';
import { seedDemoOperator } from './seed/demo-operator';
import { startBackupScheduler } from './services/backups/worker';
import { startResultFeeds } from './services/feeds/worker';
import { endLiveStreams } from './services/live/hub';
import { startRiskScanner } from './services/money/risk';
import { upsertAdmin } from './services/operators/sign-in';
import { startPaymentReconciler } from './services/payments/reconciler';
import { stopAll } from './services/periodic';
import { startReconciliationChecks } from './services/reconciliation/worker';
import { startMoneyWorkers } from './services/scheduler/worker';
import { startSmsWorker } from './services/sms/worker';
import { startWatchdog } from './services/watchdog/worker';
import { type DemoOperator, printBanner, proxyWarning } from './start-banner';
import { mountStatic } from './static';

/** Set on the processes a WORKERS>1 primary forks: the primary has migrated and seeded already. */
const CLUSTER_CHILD = 'MATKA_CLUSTER_CHILD';

/**
 * Background workers (scheduler, push sender, reconciliation, SMS) start here, after migrations,
 * and each returns a stop function that waits for its pass in flight. Add one line per worker.
 * Every process runs all of them: they claim rows with SKIP LOCKED, so N processes share the work.
 */
function startWorkers(deps: Deps): Array<() => Promise<void> | void> {
  return [
    startMoneyWorkers(deps),
    startPaymentReconciler(deps),
    startRiskScanner(deps),
    startWatchdog(deps),
    ...(deps.env.SMS_PROVIDER === 'http' ? [startSmsWorker(deps)] : []),
    startBackupScheduler(deps),
    startReconciliationChecks(deps),
    startResultFeeds(deps),
  ];
}

/**
 * Migrations, the operator from the environment and the demo data: once per start, by one process.
 * Answers the demo operator when this start created it (its password goes to the banner only).
 */
async function prepare(db: Db, env: Env, logger: Logger): Promise<DemoOperator> {
  const proxy = proxyWarning(env);
  if (proxy) logger.warn(proxy);
  if (env.SMS_PROVIDER === 'outbox' && env.NODE_ENV === 'production')
    logger.warn(
      "SMS_PROVIDER=outbox in production: no SMS is sent; login codes are in this log and the sms_outbox table, so operators who read them see players' codes",
    );
  const applied = await migrate(db);
  if (applied.length > 0) logger.info('migrations applied', { applied });
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const how = await upsertAdmin(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    if (how === 'switched-off')
      logger.warn(
        'operator switched off in the console: left off (npm run admin -- create-admin brings it back)',
        {
          username: env.ADMIN_USERNAME,
        },
      );
    else logger.info(`operator ${how}`, { username: env.ADMIN_USERNAME });
  }
  if (env.DEMO_SEED && (await seedDemo(db, await dbClock(db).now(), env.MARKET_TZ))) {
    logger.info('demo data seeded', { demoPlayer: DEMO_PLAYER.phone });
  }
  const demoOperator = await seedDemoOperator(db, env);
  if (demoOperator) logger.info('demo operator created', { username: demoOperator.username });
  return demoOperator;
}

/** Resolves when `promise` settles or after `ms`, whichever is first (true when it settled). */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Resolves once no connection has been accepted for 50 ms (checked right after the event loop's
 * poll, where connections are accepted, so the kernel's queue was just emptied), or at `until`.
 */
async function quietAccepts(server: Server, until: number): Promise<void> {
  let lastAccepted = Date.now();
  const seen = () => {
    lastAccepted = Date.now();
  };
  server.on('connection', seen);
  try {
    while (Date.now() < until) {
      await sleep(10);
      await new Promise((resolve) => setImmediate(resolve));
      if (Date.now() - lastAccepted >= 50) return;
    }
  } finally {
    server.off('connection', seen);
  }
}

/** One server process: the API, the built app and the background workers. */
async function runServer(env: Env, logger: Logger, isChild: boolean) {
  const db = await connectDb(env);
  const demoOperator = isChild ? null : await prepare(db, env, logger);
  const deps: Deps = { db, env, clock: dbClock(db), logger };
  const lifecycle: Lifecycle = { draining: false, closeConnections: false };
  const app = createApp(deps, { mountStatic: mountStatic(env.DIST_DIR), lifecycle });
  const stops = startWorkers(deps);
  const server = serve(
    {
      fetch: app.fetch,
      port: env.PORT,
      hostname: env.HOST,
      serverOptions: serverOptions(env),
      // A poll of a cached public read is answered before any Request is built (http/fast-read.ts).
      createServer: ((options: ServerOptions, listener: RequestListener) =>
        createServer(options, (req, res) => {
          const fast = { draining: lifecycle.closeConnections === true, debug: env.LOG_LEVEL === 'debug' };
          if (!answerFast(db, req, res, fast)) listener(req, res);
        })) as typeof createServer,
    },
    (info) => {
      const readyMs = Math.round(process.uptime() * 1000);
      logger.info('listening', { url: `http://localhost:${info.port}`, readyMs, pid: process.pid });
      if (isChild) process.send?.({ type: 'listening', port: info.port });
      else printBanner(env, info.port, readyMs, demoOperator);
    },
  ) as Server;

  guardConnections(server, env);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    lifecycle.draining = true;
    lifecycle.closeConnections = true;
    logger.info('stopping', {
      signal,
      drainDelayMs: env.SHUTDOWN_DRAIN_DELAY_MS,
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    });
    // First /readyz answers 503 while everything else is still served (every answer says
    // "Connection: close"), so a load balancer stops sending here before a connection is refused.
    // Then, a little before the delay ends, the listening socket closes. Closing it resets every
    // connection the kernel has completed but the process not yet accepted, and clients that are
    // told to reconnect keep that queue full; so in the last second before it closes, answers keep
    // their connections (nobody is made to reconnect) until no connection has been accepted for
    // 50 ms (the queue is empty), and after it closes, each kept
    // connection gets its next answer with "Connection: close": a client that then reconnects is
    // refused before it sends anything (safe to send elsewhere). Idle connections close last.
    const delay = env.SHUTDOWN_DRAIN_DELAY_MS;
    const last = Math.min(1000, delay / 2);
    const stopAt = started + delay;
    if (delay > 0) {
      await sleep(delay - last);
      lifecycle.closeConnections = false;
      await quietAccepts(server, stopAt - last / 4);
    }
    // net.Server's close only stops accepting; http.Server's would also close idle connections.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    lifecycle.closeConnections = true;
    // Live result streams end here: each client reconnects (to another process) and resumes.
    endLiveStreams(db);
    await sleep(stopAt - Date.now());
    server.closeIdleConnections();
    const requestsDone = await within(closed, env.SHUTDOWN_TIMEOUT_MS);
    if (!requestsDone) server.closeAllConnections();
    const left = Math.max(0, env.SHUTDOWN_TIMEOUT_MS - (Date.now() - started));
    const jobsDone = await within(stopAll(stops), left);
    await db.close().catch(() => {});
    logger.info('stopped', { ms: Date.now() - started, requestsDone, jobsDone });
    process.exit(requestsDone && jobsDone ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * WORKERS>1: this process migrates and seeds once, then forks the server processes, which share
 * the listening port (node:cluster). A process that dies is replaced; SIGTERM/SIGINT stops all.
 */
async function runPrimary(env: Env, logger: Logger) {
  if (!env.DATABASE_URL) {
    throw new EnvError(
      `WORKERS=${env.WORKERS} needs DATABASE_URL: the embedded PGlite database serves one process only.\n` +
        '  Set DATABASE_URL=postgres://... or run with WORKERS=1.',
    );
  }
  const db = await connectDb({ ...env, DB_POOL_MAX: 2 });
  const demoOperator = await prepare(db, env, logger);
  await db.close();
  serveClusterMetrics();

  let stopping = false;
  let listening = 0;
  let alive = 0;
  const fork = () => {
    alive++;
    cluster.fork({ [CLUSTER_CHILD]: '1' });
  };
  cluster.on('message', (_worker, message: { type?: string; port?: number }) => {
    if (message?.type === 'listening' && ++listening === env.WORKERS) {
      printBanner(env, message.port ?? env.PORT, Math.round(process.uptime() * 1000), demoOperator);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    alive--;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    logger.error('server process died; starting another', { pid: worker.process.pid, code, signal });
    setTimeout(fork, 500);
  });
  for (let i = 0; i < env.WORKERS; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping all server processes', { signal });
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    // The children exit within their own SHUTDOWN_TIMEOUT_MS; this is the backstop.
    setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const isChild = cluster.isWorker && process.env[CLUSTER_CHILD] === '1';
  if (env.WORKERS > 1 && cluster.isPrimary) await runPrimary(env, logger);
  else await runServer(env, logger, isChild);
}

main().catch((error) => {
  if (error instanceof EnvError) console.error(error.message);
  else
    console.error(JSON.stringify({ level: 'error', msg: 'startup failed', error: (error as Error).message }));
  process.exit(1);
});
