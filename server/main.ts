import { serve } from '@hono/node-server';
import { createApp } from './app';
import { dbClock } from './clock';
import { connectDb } from './db/connect';
import { migrate } from './db/migrate';
import { type Env, EnvError, loadEnv } from './env';
import type { Deps } from './http/types';
import { createLogger } from './logger';
import { seedDemo } from './seed/demo';
import { DEMO_PLAYER } from './seed/demo-data';
import { upsertAdmin } from './services/admins';
import { startPaymentReconciler } from './services/payments/reconciler';
import { startMoneyWorkers } from './services/scheduler/worker';
import { startSmsWorker } from './services/sms/worker';
import { mountStatic } from './static';

/**
 * Background workers (scheduler, push sender, cleanups) start here, after migrations, and
 * return a stop function. Add one line per worker.
 */
function startWorkers(deps: Deps): Array<() => Promise<void> | void> {
  return [
    startMoneyWorkers(deps),
    startPaymentReconciler(deps),
    ...(deps.env.SMS_PROVIDER === 'http' ? [startSmsWorker(deps)] : []),
  ];
}

/** What a person starting the server needs to know, as plain lines (not JSON). */
function printBanner(env: Env, port: number) {
  const lines = [
    '',
    `  App and API:  http://localhost:${port}`,
    `  OpenAPI:      http://localhost:${port}/api/docs/openapi.json`,
    `  Database:     ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`}`,
  ];
  if (env.DEMO_SEED)
    lines.push(`  Demo player:  phone ${DEMO_PLAYER.phone}, password ${DEMO_PLAYER.password}`);
  if (env.SMS_PROVIDER === 'outbox') {
    lines.push('  OTP codes:    printed in this log ("sms outbox" lines) and kept in the sms_outbox table;');
    lines.push('                operators read them at GET /api/v1/admin/sms-outbox?phone=...');
  }
  if (env.ADMIN_USERNAME) lines.push(`  Operator:     ${env.ADMIN_USERNAME} (POST /api/v1/admin/login)`);
  else
    lines.push(
      '  Operator:     set ADMIN_USERNAME and ADMIN_PASSWORD, or run: npm run admin -- create-admin <name>',
    );
  process.stderr.write(`${lines.join('\n')}\n\n`);
}

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const db = await connectDb(env);
  const applied = await migrate(db);
  if (applied.length > 0) logger.info('migrations applied', { applied });
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const how = await upsertAdmin(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    logger.info(`operator ${how}`, { username: env.ADMIN_USERNAME });
  }
  const deps: Deps = { db, env, clock: dbClock(db), logger };
  if (env.DEMO_SEED && (await seedDemo(db, await deps.clock.now(), env.MARKET_TZ))) {
    logger.info('demo data seeded', { demoPlayer: DEMO_PLAYER.phone });
  }
  const app = createApp(deps, { mountStatic: mountStatic(env.DIST_DIR) });
  const stops = startWorkers(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info('listening', { url: `http://localhost:${info.port}` });
    printBanner(env, info.port);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    server.close();
    for (const s of stops) await s();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof EnvError) console.error(error.message);
  else
    console.error(JSON.stringify({ level: 'error', msg: 'startup failed', error: (error as Error).message }));
  process.exit(1);
});
