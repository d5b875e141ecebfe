import type { PageRequest, Queryable } from '../types';

/**
 * The operators' audit log (append-only, one completion per row: functions/audit_log_append_only.sql).
 * Values that go into jsonb columns arrive as JSON text (http/audit.ts makes them storable).
 */

export interface NewAuditRow {
  /** Null for a sign-in that named no operator. */
  adminId: string | null;
  username: string;
  role: string;
  method: string;
  route: string;
  path: string;
  status: number;
  requestJson: string;
  beforeJson: string;
  clientAddress: string;
  requestId: string;
  /** A complete row written at once (a sign-in); else after is left empty for its completion. */
  afterJson?: string;
}

/** Writes a row; answers its id. */
export async function insertAuditRow(q: Queryable, a: NewAuditRow): Promise<string> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO audit_log (admin_id, admin_username, admin_role, method, route, path, status,
                            request, before, after, client_address, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $12, $10, $11) RETURNING id`,
    [
      a.adminId,
      a.username,
      a.role,
      a.method,
      a.route,
      a.path,
      a.status,
      a.requestJson,
      a.beforeJson,
      a.clientAddress,
      a.requestId,
      a.afterJson ?? null,
    ],
  );
  return String(r.rows[0]?.id);
}

/** Completes a row still at status `fromStatus` with the final status and the resource after. */
export async function completeAuditRow(
  q: Queryable,
  id: string,
  status: number,
  afterJson: string,
  fromStatus: number,
): Promise<void> {
  await q.query('UPDATE audit_log SET status = $2, after = $3 WHERE id = $1 AND status = $4', [
    id,
    status,
    afterJson,
    fromStatus,
  ]);
}

export interface AuditRow {
  id: string;
  at: Date;
  admin_id: string | null;
  admin_username: string;
  admin_role: string;
  method: string;
  route: string;
  path: string;
  status: number;
  request: unknown;
  before: unknown;
  after: unknown;
  client_address: string;
  request_id: string;
}

/** What a page of the log is filtered by; every field is optional but the market time zone. */
export interface AuditFilter {
  adminId?: string;
  /** Part of the route pattern (LIKE wildcards are taken literally). */
  route?: string;
  method?: string;
  /** Username, any case. */
  operator?: string;
  /** (method, route) pairs of an action (contracts/audit-actions.ts). */
  routes?: readonly (readonly [string, string])[];
  /** (method, route) pairs left out (the sign-ins, to read what operators did apart from them). */
  notRoutes?: readonly (readonly [string, string])[];
  /** A player id (lower case): the writes whose path, request or resource name them. */
  playerId?: string;
  /** Market dates, in `tz`. */
  from?: string;
  to?: string;
  tz: string;
}

/** The log, newest first. */
export async function auditLogPage(
  q: Queryable,
  filter: AuditFilter,
  page: PageRequest,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    args.push(value);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (filter.adminId) add('admin_id = ?', filter.adminId);
  if (filter.route)
    add(
      "route ILIKE '%' || ?::text || '%'",
      filter.route.replace(/[%_\\]/g, (m) => `\\${m}`),
    );
  if (filter.method) add('method = ?', filter.method);
  if (filter.operator) add('lower(admin_username) = lower(?::text)', filter.operator);
  for (const [pairs, op] of [
    [filter.routes, 'IN'],
    [filter.notRoutes, 'NOT IN'],
  ] as const) {
    if (!pairs) continue;
    args.push(
      pairs.map(([m]) => m),
      pairs.map(([, r]) => r),
    );
    where.push(
      `(method, route) ${op} (SELECT * FROM unnest($${args.length - 1}::text[], $${args.length}::text[]))`,
    );
  }
  if (filter.playerId) {
    args.push(filter.playerId);
    const p = `$${args.length}::text`;
    where.push(
      `(path LIKE '%/' || ${p} || '%' OR request->>'userId' = ${p}
        OR after->'user'->>'_id' = ${p} OR before->'user'->>'_id' = ${p}
        OR after->>'_id' = ${p} OR after->>'userId' = ${p} OR after->'userIds' @> to_jsonb(${p}))`,
    );
  }
  if (filter.from || filter.to) {
    args.push(filter.tz);
    const tzArg = `$${args.length}::text`;
    if (filter.from) add(`(at AT TIME ZONE ${tzArg})::date >= ?::date`, filter.from);
    if (filter.to) add(`(at AT TIME ZONE ${tzArg})::date <= ?::date`, filter.to);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log ${clause}`, args);
  const rows = await q.query<AuditRow>(
    `SELECT * FROM audit_log ${clause} ORDER BY at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    args,
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
