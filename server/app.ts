import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { clientAddress } from './http/client-address';
import { compressJson } from './http/compress';
import { failBody, failBodyFor } from './http/envelope';
import { mapError } from './http/error-mapper';
import type { Router } from './http/router';
import { securityHeaders } from './http/security-headers';
import type { AppEnv, Deps } from './http/types';
import { languageScope } from './i18n/request-scope';
import { adminAuthRoutes } from './routes/admin-auth';
import { authRoutes } from './routes/auth';
import { bidsRoutes } from './routes/bids';
import { cataloguesRoutes } from './routes/catalogues';
import { contentRoutes } from './routes/content';
import { docsRoutes } from './routes/docs';
import { fundsRoutes } from './routes/funds';
import { gamesRoutes } from './routes/games';
import { healthRoutes, type Lifecycle } from './routes/health';
import { historiesRoutes } from './routes/histories';
import { operatorsRoutes } from './routes/operators';
import { paymentRoutes } from './routes/payment';
import { paymentsAdminRoutes } from './routes/payments-admin';
import { ratesRoutes } from './routes/rates';
import { referralsRoutes } from './routes/referrals';
import { resultsRoutes } from './routes/results';
import { resultsAdminRoutes } from './routes/results-admin';
import { settingsRoutes } from './routes/settings';
import { smsOutboxRoutes } from './routes/sms-outbox';
import { usersRoutes } from './routes/users';
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

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || randomUUID());
    c.set('clientAddress', clientAddress(c, deps.env.TRUST_PROXY));
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      deps.logger.info('request', {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        who: c.get('principal')?.kind,
      });
    }
  });
  if (deps.env.corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({
        origin: deps.env.corsOrigins,
        allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Request-Id'],
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        exposeHeaders: ['ETag', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }
  app.use('*', securityHeaders(deps.env.PUBLIC_URL));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: deps.env.BODY_LIMIT_BYTES,
      onError: (c) => c.json(failBody('Request body is too large'), 413),
    }),
  );
  app.use('/api/*', compressJson());
  app.use('/api/v1/*', languageScope());
  // API answers are not stored by default; a route that allows revalidation sets its own.
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  // Operator writes read the resource before and after through the API itself (http/audit.ts).
  app.use('/api/v1/admin/*', async (c, next) => {
    if (c.req.method !== 'GET') {
      const authorization = c.req.header('authorization') ?? '';
      c.set('readAsOperator', async (path) => {
        const r = await app.request(path, { headers: { authorization } });
        if (r.status !== 200 || !/json/.test(r.headers.get('content-type') ?? '')) return undefined;
        const body = (await r.json()) as { data?: unknown; pagination?: unknown };
        return body.pagination === undefined && body.data !== undefined ? body.data : undefined;
      });
    }
    await next();
  });
  app.route('/', healthRoutes(deps, options.lifecycle ?? { draining: false }));
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
