import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { auditAhead, auditWrites } from './audit';
import { type AuthRequirement, requireAuth } from './auth';
import { assertCleanInput } from './clean-input';
import { type PageRequest, parsePaging, queryValues } from './paging';
import type { AppEnv } from './types';
import { parseWith, readJsonBody } from './validate';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  summary: string;
  auth: AuthRequirement;
  body?: B;
  query?: Q;
  /** The schema of `data` in the success envelope (for paged routes: of one item of `data`). */
  response?: z.ZodType;
  /** Adds page/limit and a pagination block; maxLimit defaults to 100. */
  paged?: boolean | { maxLimit: number };
  status?: number;
  /** A read an operator's audit row records too (its query, not its answer): GET /admin/sms-outbox. */
  audited?: boolean;
  /** The body is not JSON (a CSV upload): the handler reads and checks it itself. */
  rawBody?: boolean;
}

export interface RouteInput<B, Q> {
  body: B;
  query: Q;
  page: PageRequest;
  params: Record<string, string>;
}

/** What the OpenAPI generator needs to know about one route. */
export interface RouteRecord {
  method: Method;
  path: string;
  tag: string;
  spec: RouteSpec<z.ZodType | undefined, z.ZodType | undefined>;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/**
 * A Hono sub-app that validates with zod and records each route for the OpenAPI document.
 * Routes stay thin: parse (here), call a service, wrap the answer in the envelope.
 * Example:
 *   const r = createRouter('/api/v1/user', 'Auth');
 *   r.post('/login', {summary: 'Log in', auth: 'public', body: LoginBody}, (c, {body}) => ...);
 */
export function createRouter(base: string, tag: string) {
  const hono = new Hono<AppEnv>();
  const records: RouteRecord[] = [];

  function add<B extends z.ZodType | undefined, Q extends z.ZodType | undefined>(
    method: Method,
    path: string,
    spec: RouteSpec<B, Q>,
    handler: (c: Context<AppEnv>, input: RouteInput<Infer<B>, Infer<Q>>) => Response | Promise<Response>,
  ) {
    records.push({ method, path: base + path, tag, spec });
    // Every operator write goes to the audit log (http/audit.ts), refused ones included.
    const audit =
      (method !== 'get' || spec.audited === true) && (spec.auth === 'admin' || spec.auth === 'owner');
    if (audit)
      hono.on(
        method.toUpperCase(),
        path,
        auditWrites(base + path),
        requireAuth(spec.auth),
        auditAhead(base + path),
        run,
      );
    else hono.on(method.toUpperCase(), path, requireAuth(spec.auth), run);
    async function run(c: Context<AppEnv>): Promise<Response> {
      c.set('routeAuth', spec.auth);
      const url = new URL(c.req.url);
      const maxLimit = typeof spec.paged === 'object' ? spec.paged.maxLimit : 100;
      const page = spec.paged ? parsePaging(url, maxLimit) : { page: 1, limit: 10, offset: 0 };
      const params = c.req.param() as Record<string, string>;
      assertCleanInput(params, 'path');
      const values = queryValues(url);
      assertCleanInput(values, 'query');
      const query = spec.query ? parseWith(spec.query, values) : undefined;
      const body = spec.body ? parseWith(spec.body, await readJsonBody(c)) : undefined;
      // An operator write without a body schema still gets the body checks (JSON, no control
      // characters or lone surrogates): whatever it was sent is refused before anything is written.
      if (!spec.body && audit && !spec.rawBody) await readJsonBody(c);
      return handler(c, {
        body: body as Infer<B>,
        query: query as Infer<Q>,
        page,
        params,
      });
    }
  }

  return {
    base,
    hono,
    records,
    get: <Q extends z.ZodType | undefined = undefined>(
      path: string,
      spec: RouteSpec<undefined, Q>,
      h: (c: Context<AppEnv>, input: RouteInput<undefined, Infer<Q>>) => Response | Promise<Response>,
    ) => add('get', path, spec, h),
    post: <B extends z.ZodType | undefined = undefined>(
      path: string,
      spec: RouteSpec<B, undefined>,
      h: (c: Context<AppEnv>, input: RouteInput<Infer<B>, undefined>) => Response | Promise<Response>,
    ) => add('post', path, spec, h),
    put: <B extends z.ZodType | undefined = undefined>(
      path: string,
      spec: RouteSpec<B, undefined>,
      h: (c: Context<AppEnv>, input: RouteInput<Infer<B>, undefined>) => Response | Promise<Response>,
    ) => add('put', path, spec, h),
    patch: <B extends z.ZodType | undefined = undefined>(
      path: string,
      spec: RouteSpec<B, undefined>,
      h: (c: Context<AppEnv>, input: RouteInput<Infer<B>, undefined>) => Response | Promise<Response>,
    ) => add('patch', path, spec, h),
    delete: <B extends z.ZodType | undefined = undefined>(
      path: string,
      spec: RouteSpec<B, undefined>,
      h: (c: Context<AppEnv>, input: RouteInput<Infer<B>, undefined>) => Response | Promise<Response>,
    ) => add('delete', path, spec, h),
  };
}

export type Router = ReturnType<typeof createRouter>;
