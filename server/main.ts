import { serve } from '@hono/node-server';
import { createApp } from './app';
import { dbClock } from './clock';
import { connectDb } from './db/connect';
import { migrate } from './db/migrate';
import { EnvError, loadEnv } from './env';
import type { Deps } from './http/types';
import { createLogger } from './logger';
import { upsertAdmin } from './services/admins';
import { startMoneyWorkers } from './services/scheduler/worker';

/**
 * Background workers (scheduler, push sender, cleanups) start here, after migrations, and
 * return a stop function. Add one line per worker.
 */
function startWorkers(deps: Deps): Array<() => Promise<void> | void> {
  return [startMoneyWorkers(deps)];
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
  const app = createApp(deps);
  const stops = startWorkers(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info('listening', { url: `http://localhost:${info.port}` });
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
