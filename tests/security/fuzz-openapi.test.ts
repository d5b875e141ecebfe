/**
 * Every operation of the served OpenAPI document, attacked with hostile input: NUL and other control
 * characters, lone surrogates, 10 KB strings, wrong JSON types, deep and malformed JSON, hostile path
 * ids and query values, unicode, and no or the wrong token. Each hostile request must answer 4xx
 * with the error envelope and write nothing (a fingerprint of every table, before and after each
 * operation's attack). Unicode is data, not an attack: it may be accepted, but never a 5xx.
 *
 * The table of operations comes from the document the server serves, so a new route is fuzzed the
 * day it is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../server/helpers/test-app';

type Schema = {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
};
interface Operation {
  method: string;
  path: string;
  auth: 'public' | 'player' | 'admin' | 'owner' | 'any' | 'optional';
  query: string[];
  body?: Schema;
}

/** Bookkeeping a refused request may legitimately touch: the per-address and per-account counters. */
// The audit log records refused operator writes too, by design (server/http/audit.ts); what a
// refused request must not change is everything else.
const NOT_FINGERPRINTED = new Set(['rate_limit_buckets', 'schema_migrations', 'audit_log']);
/** Operations whose handler takes no body at all: a hostile body is ignored, not parsed. */
// (Operator writes among them still refuse control characters in a body: tests/security/operator-audit-holes.)
const IGNORES_BODY = new Set([
  'POST /api/v1/user/logout',
  'POST /api/v1/admin/2fa/setup',
  'POST /api/v1/admin/backups',
]);

const UNKNOWN_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const TEN_KB = 'x'.repeat(10_240);
const NUL = 'a\u0000b';
const HOSTILE_STRINGS: Array<[string, string]> = [
  ['NUL', NUL],
  ['an escape character', 'a\u001b[31mb'],
  ['a lone surrogate', 'a\uD800b'],
  ['a 10 KB string', TEN_KB],
];
const UNICODE: Array<[string, string]> = [
  ['Devanagari', 'राम ९८७६५४३२१०'],
  ['emoji', '🎲🎯💰'],
  ['right-to-left override', 'abc\u202Edcba'],
  ['fullwidth digits', '９８７６５４３２１０'],
  ['zero-width joiners', 'a\u200Db\u200Cc\uFEFF'],
];
const WRONG_TYPES: Array<[string, unknown]> = [
  ['a number', 12345],
  ['a fraction', 1.5],
  ['a boolean', true],
  ['null', null],
  ['an array', ['x']],
  ['an object', { $gt: '' }],
  ['a string', 'text'],
  ['a huge number', 1e308],
];
const DEEP_ARRAY = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const RAW_BODIES: Array<[string, string]> = [
  ['deep arrays (5000 levels)', DEEP_ARRAY],
  ['deep objects (5000 levels)', DEEP_OBJECT],
  ['malformed JSON', '{"a": 1,,}'],
  ['a JSON string', '"hello"'],
  ['a JSON number', '42'],
  ['JSON null', 'null'],
  ['an array body', '[{"amount": 10}]'],
  ['an empty object', '{}'],
  ['NUL escaped in a key', '{"a\\u0000": 1}'],
  ['a raw NUL byte', '{"a": "x\u0000y"}'],
];
/** Bytes that are not UTF-8 at all, inside a JSON string. */
const INVALID_UTF8 = Uint8Array.from([
  ...Buffer.from('{"a": "'),
  0xff,
  0xfe,
  0xed,
  0xa0,
  0x80,
  ...Buffer.from('"}'),
]);
const HOSTILE_IDS: Array<[string, string]> = [
  ['an unknown UUID', UNKNOWN_ID],
  ['NUL', 'a%00b'],
  ['a 10 KB id', TEN_KB],
  ['SQL', encodeURIComponent("1' OR '1'='1")],
  ['a path walk', '..%2F..%2Fetc%2Fpasswd'],
  ['invalid UTF-8', '%ED%A0%80'],
  ['unicode', encodeURIComponent('राम')],
  ['a negative number', '-1'],
];
const HOSTILE_QUERY: Array<[string, string]> = [
  ['NUL', 'a%00b'],
  ['a 10 KB value', TEN_KB],
  ['an escape character', 'a%1Bb'],
];
/** Query values that are odd but harmless: an undecodable escape stays the literal text it is. */
const ODD_QUERY: Array<[string, string]> = [
  ['invalid UTF-8', '%ED%A0%80'],
  ...UNICODE.map(([label, value]): [string, string] => [label, encodeURIComponent(value)]),
];

let t: TestContext;
let admin: { token: string };
let player: PlayerFixture;
let operations: Operation[] = [];
let tables: string[] = [];

const auditRows = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]?.n ?? 0;

/** A fingerprint of every table a request could write to. */
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const r = await t.db.query<{ n: number; h: string | null }>(
      // A token's last_used_at is the activity stamp behind "players online" (server/http/auth.ts):
      // using a token is not a write a refused request made.
      `SELECT count(*)::int8 AS n,
              md5(string_agg((to_jsonb(x) - 'last_used_at')::text, ',' ORDER BY (to_jsonb(x) - 'last_used_at')::text)) AS h
         FROM ${table} x`,
    );
    parts.push(`${table}:${r.rows[0]?.n}:${r.rows[0]?.h}`);
  }
  return parts.join('\n');
}

function accepts(schema: Schema | undefined, value: unknown): boolean {
  if (!schema) return true;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some((b) => accepts(b, value));
  if (schema.enum) return schema.enum.includes(value);
  if ('const' in schema) return schema.const === value;
  if (schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.some((type) => {
    if (type === 'null') return value === null;
    if (type === 'integer') return Number.isInteger(value);
    if (type === 'array') return Array.isArray(value);
    if (type === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
    return typeof value === type;
  });
}

const isOperator = (op: Operation) => op.auth === 'admin' || op.auth === 'owner';

function tokenFor(op: Operation): string | undefined {
  if (isOperator(op)) return admin.token;
  if (op.auth === 'public') return undefined;
  return player.token;
}

function concrete(path: string, id = UNKNOWN_ID): string {
  return path.replace(/\{[^}]+\}/g, id);
}

async function send(
  op: Operation,
  path: string,
  init: { body?: string | Uint8Array; token?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  const token = init.token === undefined ? tokenFor(op) : init.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.request(path, {
    method: op.method,
    headers,
    body: init.body as BodyInit | undefined,
  });
  const text = await res.text();
  // The sandbox checkout is a page, not an API: its refusals are HTML pages.
  if (res.headers.get('content-type')?.startsWith('text/html'))
    return { status: res.status, body: { status: false, message: 'page' } };
  let body: AnyBody = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: asserted below
  }
  return { status: res.status, body };
}

type Attempt = {
  label: string;
  path: string;
  body?: string | Uint8Array;
  token?: string | null;
  unicode?: boolean;
};

/** Every hostile request for one operation. */
function attempts(op: Operation): Attempt[] {
  const out: Attempt[] = [];
  const path = concrete(op.path);
  // A DELETE takes a body when the document says so (a revert's reason).
  const takesBody =
    op.method !== 'GET' &&
    (op.method !== 'DELETE' || op.body !== undefined) &&
    !IGNORES_BODY.has(`${op.method} ${op.path}`);
  if (takesBody) {
    for (const [label, raw] of RAW_BODIES) out.push({ label: `body: ${label}`, path, body: raw });
    out.push({ label: 'body: invalid UTF-8', path, body: INVALID_UTF8 });
    const fields = Object.entries(op.body?.properties ?? {});
    for (const [field, schema] of fields) {
      for (const [label, value] of HOSTILE_STRINGS) {
        out.push({ label: `${field}: ${label}`, path, body: JSON.stringify({ [field]: value }) });
      }
      for (const [label, value] of WRONG_TYPES) {
        if (accepts(schema, value)) continue;
        out.push({ label: `${field}: ${label}`, path, body: JSON.stringify({ [field]: value }) });
      }
      for (const [label, value] of UNICODE) {
        out.push({
          label: `${field}: ${label}`,
          path,
          body: JSON.stringify({ [field]: value }),
          unicode: true,
        });
      }
    }
    if (!op.body) {
      // Routes that read their body themselves (bids, webhook): hostile fields they may look at.
      for (const field of ['amount', 'gameId', 'bids', 'orderId', 'type', 'data']) {
        for (const [label, value] of [...HOSTILE_STRINGS, ...WRONG_TYPES]) {
          out.push({ label: `${field}: ${label}`, path, body: JSON.stringify({ [field]: value }) });
        }
      }
    }
  }
  if (op.path.includes('{')) {
    for (const [label, id] of HOSTILE_IDS) {
      out.push({
        label: `path id: ${label}`,
        path: concrete(op.path, id),
        body: takesBody ? '{}' : undefined,
        unicode: label === 'unicode',
      });
    }
  }
  for (const name of op.query) {
    for (const [label, value] of HOSTILE_QUERY) {
      out.push({ label: `?${name}: ${label}`, path: `${path}?${name}=${value}` });
    }
    for (const [label, value] of ODD_QUERY) {
      out.push({ label: `?${name}: ${label}`, path: `${path}?${name}=${value}`, unicode: true });
    }
    out.push({ label: `?${name} given twice`, path: `${path}?${name}=1&${name}=2`, unicode: true });
  }
  if (op.auth === 'player' || isOperator(op)) {
    const body = takesBody ? '{}' : undefined;
    out.push({ label: 'no token', path, body, token: null });
    out.push({ label: 'a forged token', path, body, token: 'Zm9yZ2VkLXRva2VuLXRoYXQtZG9lcy1ub3QtZXhpc3Q' });
    out.push({ label: 'a token with NUL', path, body, token: 'abc%00def' });
  }
  if (isOperator(op))
    out.push({ label: 'a player token', path, body: takesBody ? '{}' : undefined, token: player.token });
  return out;
}

beforeAll(async () => {
  t = await createTestContext({ env: { PAYMENT_WEBHOOK_SECRET: 'fuzz-webhook-secret-0123456789' } });
  admin = await createAdmin(t);
  player = await createPlayer(t, { balance: 500 });
  // Something to read and to (not) change in every table a route touches.
  await t.request('POST', '/api/v1/admin/main-games', {
    token: admin.token,
    body: { gameName: 'Kalyan', openTime: '16:10', closeTime: '18:10' },
  });
  await t.request('POST', '/api/v1/admin/notices', {
    token: admin.token,
    body: { title: 'N', message: 'M' },
  });
  await t.request('POST', '/api/v1/user/fund', { token: player.token, body: { amount: 100 } });
  const doc = (await t.request('GET', '/api/docs/openapi.json')).body;
  operations = [];
  for (const [path, ops] of Object.entries<Record<string, AnyBody>>(doc.paths)) {
    for (const [method, op] of Object.entries<AnyBody>(ops)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        auth: op['x-auth'],
        query: (op.parameters as Array<{ in: string; name: string }>)
          .filter((p) => p.in === 'query')
          .map((p) => p.name),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  const r = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  tables = r.rows.map((x) => x.table_name).filter((name) => !NOT_FINGERPRINTED.has(name));
});
afterAll(() => t.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('reads the document: every route of the API is in it', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'ledger', 'bids', 'payment_orders', 'withdrawals']),
    );
  });

  it('answers every hostile request with a 4xx envelope and writes nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const all = attempts(op);
      const before = await fingerprint();
      for (const a of all.filter((x) => !x.unicode)) {
        sent += 1;
        const rowsBefore = await auditRows();
        const res = await send(op, a.path, { body: a.body, token: a.token });
        const where = `${op.method} ${op.path} [${a.label}]`;
        // Every operator write leaves exactly one audit row, whatever its body (issue 19); a
        // request without an operator's token leaves none.
        if (isOperator(op) && op.method !== 'GET') {
          const expected = a.token === undefined ? 1 : 0;
          const written = (await auditRows()) - rowsBefore;
          if (written !== expected) failures.push(`${where}: ${written} audit rows, expected ${expected}`);
        }
        if (res.status < 400 || res.status >= 500) {
          failures.push(`${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        } else if (res.body?.status !== false || typeof res.body?.message !== 'string') {
          failures.push(`${where}: ${res.status} without the error envelope`);
        }
      }
      if ((await fingerprint()) !== before) failures.push(`${op.method} ${op.path}: a refused request wrote`);
      // Unicode is data: it may be taken (and stored), but never a 5xx; a refusal keeps the envelope.
      for (const a of all.filter((x) => x.unicode)) {
        sent += 1;
        const res = await send(op, a.path, { body: a.body, token: a.token });
        const where = `${op.method} ${op.path} [${a.label}]`;
        if (res.status >= 500)
          failures.push(`${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        else if (res.status >= 400 && res.body?.status !== false)
          failures.push(`${where}: no error envelope`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  }, 300_000);
});
