import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Deps } from './deps';
import { clientAddress } from './http/client-address';
import { compressJson } from './http/compress';
import { failBody, failBodyFor } from './http/envelope';
import { mapError } from './http/error-mapper';
import { loggedPath } from './http/log-path';
import { observeRequest } from './http/metrics';
import type { Router } from './http/router';
import { securityHeaders } from './http/security-headers';
import type { AppEnv } from './http/types';
import { adminAuthRoutes } from './routes/admin-auth';
import { authRoutes } from './routes/auth';
import { backupRoutes } from './routes/backups';
import { bankStatementRoutes } from './routes/bank-statements';
import { bidsRoutes } from './routes/bids';
import { cataloguesRoutes } from './routes/catalogues';
import { chartsRoutes } from './routes/charts';
import { contentRoutes } from './routes/content';
import { docsRoutes } from './routes/docs';
import { eventsRoutes } from './routes/events';
import { fundsRoutes } from './routes/funds';
import { gamesRoutes } from './routes/games';
import { healthRoutes, type Lifecycle } from './routes/health';
import { historiesRoutes } from './routes/histories';
import { metricsRoutes } from './routes/metrics';
import { notificationsRoutes } from './routes/notifications';
import { operatorsRoutes } from './routes/operators';
import { paymentRoutes } from './routes/payment';
import { paymentsAdminRoutes } from './routes/payments-admin';
import { payoutsRoutes } from './routes/payouts';
import { ratesRoutes } from './routes/rates';
import { referralsRoutes } from './routes/referrals';
import { reportsRoutes } from './routes/reports';
import { responsiblePlayRoutes } from './routes/responsible-play';
import { resultFeedRoutes, resultSourcesRoutes } from './routes/result-feeds';
import { resultsRoutes } from './routes/results';
import { resultsAdminRoutes } from './routes/results-admin';
import { riskRoutes } from './routes/risk';
import { settingsRoutes } from './routes/settings';
import { smsOutboxRoutes } from './routes/sms-outbox';
import { usersRoutes } from './routes/users';
import { waitingRoutes } from './routes/waiting';
import { walletAdminRoutes } from './routes/wallet-admin';
import { withdrawalsRoutes } from './routes/withdrawals';

/**
 * Every API route module, in registration order. To add an area: create its router in
 * server/routes/<area>.ts and add ONE line here (money routes go at the end).
 */
export function routeModules(): Router[] {
  return [
    // players, operators, reads and content
    authRoutes(),
    adminAuthRoutes(),
    operatorsRoutes(),
    usersRoutes(),
    settingsRoutes(),
    smsOutboxRoutes(),
    gamesRoutes(),
    ratesRoutes(),
    resultsRoutes(),
    cataloguesRoutes(),
    contentRoutes(),
    eventsRoutes(),
    notificationsRoutes(),
    // money (bids, results, funds, payment, withdrawals, referrals, wallet): one line each below
    bidsRoutes(),
    resultsAdminRoutes(),
    historiesRoutes(),
    fundsRoutes(),
    paymentRoutes(),
    paymentsAdminRoutes(),
    withdrawalsRoutes(),
    referralsRoutes(),
    walletAdminRoutes(),
    riskRoutes(),
    responsiblePlayRoutes(),
    backupRoutes(),
    reportsRoutes(),
    metricsRoutes(),
    bankStatementRoutes(),
    payoutsRoutes(),
    resultSourcesRoutes(),
    resultFeedRoutes(),
    chartsRoutes(),
    waitingRoutes(),
  ];
}

export interface AppOptions {
  /** Extra handlers mounted after the API (main.ts adds the built PWA here). */
  mountStatic?: (app: Hono<AppEnv>) => void;
  /** Shared with main.ts, which sets `draining` when a shutdown starts (readyz answers 503). */
  lifecycle?: Lifecycle;
}

/**
 * The Hono app: envelope, error mapping, logging and body limit around the route modules.
 * Tests call createApp(deps).request(...) in-process; main.ts serves it with @hono/node-server.
 */
export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  const modules = routeModules();
  const lifecycle = options.lifecycle ?? { draining: false, closeConnections: false };

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || randomUUID());
    c.set('clientAddress', clientAddress(c, deps.env.TRUST_PROXY));
    // Draining (main.ts): the client gets its answer and opens its next request elsewhere.
    if (lifecycle.closeConnections) c.header('Connection', 'close');
    const started = performance.now();
    await next();
    observeRequest(c, performance.now() - started);
    if (c.req.path.startsWith('/api/')) {
      // A successful read (every poll of the market list) is a debug line: at the default level
      // the hot path builds no log line at all. Writes and failures stay info.
      const quiet = (c.req.method === 'GET' || c.req.method === 'HEAD') && c.res.status < 400;
      deps.logger[quiet ? 'debug' : 'info']('request', {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        who: c.get('principal')?.kind,
        // The client's address as limits and the audit log key it (behind a proxy: the one it saw).
        address: c.get('clientAddress'),
      });
    }
  });
  if (deps.env.corsOrigins.length > 0) {
    const allowCors = cors({
      origin: deps.env.corsOrigins,
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'Idempotency-Key',
        'If-None-Match',
        'X-Request-Id',
        'X-Device-Id',
      ],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['ETag', 'Retry-After'],
      maxAge: 600,
    });
    // Only a request with an Origin header can be a cross-origin one; the others skip the work.
    app.use('/api/*', (c, next) => (c.req.header('origin') === undefined ? next() : allowCors(c, next)));
  }
  app.use('*', securityHeaders(deps.env.PUBLIC_URL));
  const limitBody = bodyLimit({
    maxSize: deps.env.BODY_LIMIT_BYTES,
    onError: (c) => c.json(failBody('Request body is too large'), 413),
  });
  // Reading `c.req.raw.body` (as hono's bodyLimit does) makes @hono/node-server build a full
  // Request with its own AbortController and a web stream: done for every poll, that leaked
  // memory, and on every write it costs CPU. A GET carries no body; a body with a Content-Length
  // is judged by that header (Node's parser never delivers more than it says) and then read
  // straight from the socket; only a chunked body goes through the streaming limit.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d{1,15}$/.test(declared)) {
      if (Number(declared) > deps.env.BODY_LIMIT_BYTES) {
        return Promise.resolve(c.json(failBody('Request body is too large'), 413));
      }
      return next();
    }
    return limitBody(c, next);
  });
  app.use('/api/*', compressJson());
  // API answers are not stored by default; a route that allows revalidation sets its own.
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  // Operator writes read the resource before and after through the API itself (http/audit.ts).
  app.use('/api/v1/admin/*', async (c, next) => {
    if (c.req.method !== 'GET') {
      const authorization = c.req.header('authorization') ?? '';
      // From the operator's own address (socket and forwarded-for): ADMIN_ALLOWED_CIDRS applies alike.
      const forwarded = c.req.header('x-forwarded-for');
      c.set('readAsOperator', async (path) => {
        const headers: Record<string, string> = { authorization };
        if (forwarded) headers['x-forwarded-for'] = forwarded;
        const r = await app.request(path, { headers }, c.env);
        if (r.status !== 200 || !/json/.test(r.headers.get('content-type') ?? '')) return undefined;
        const body = (await r.json()) as { data?: unknown; pagination?: unknown };
        return body.pagination === undefined && body.data !== undefined ? body.data : undefined;
      });
    }
    await next();
  });
  app.route('/', healthRoutes(deps, lifecycle));
  for (const m of modules) app.route(m.base, m.hono);
  const docs = docsRoutes(modules);
  app.route(docs.base, docs.hono);

  app.all('/api/*', (c) => c.json(failBodyFor(c, 'API route not found'), 404));
  options.mountStatic?.(app);
  app.notFound((c) => c.json(failBody('Not found'), 404));
  app.onError(mapError);
  return app;
}

export type App = ReturnType<typeof createApp>;
