import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../db/types';
import { isCachedToken } from './auth';
import { acceptsEncoding } from './compress';
import { observe } from './metrics';
import { securityHeaderList } from './security-headers';

/** What a cached public read answers, with every header worked out once per change. */
export interface FastEntry {
  /** The 'reads' version of the change feed it was built under. */
  version: number;
  /** The local minute it was registered in: a read whose key moves with the market day. */
  minute: number;
  /** The pattern of the route that made it (the metrics' label). */
  route: string;
  etag: string;
  notModified: Record<string, string>;
  identity: { headers: Record<string, string>; body: string };
  br?: { headers: Record<string, string>; body: Uint8Array };
  gzip?: { headers: Record<string, string>; body: Uint8Array };
}

const MAX_ENTRIES = 500;
const entries = new WeakMap<object, Map<string, FastEntry>>();

/**
 * Records the answer the full path just gave for a URL (read-cache.ts cachedOk), so the next poll
 * of the same URL is a lookup (answerFast). Headers are computed here, once per change.
 */
export function rememberFast(
  db: Db,
  url: string,
  s: { text: string; etag: string; br?: Uint8Array; gz?: Uint8Array },
  publicUrl: string | undefined,
  route: string,
): void {
  let map = entries.get(db.changes);
  if (!map) {
    map = new Map();
    entries.set(db.changes, map);
  }
  if (map.size >= MAX_ENTRIES) map.clear();
  const common = {
    ...Object.fromEntries(securityHeaderList(publicUrl)),
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ETag: s.etag,
  };
  const json = { ...common, 'Content-Type': 'application/json' };
  map.set(url, {
    version: db.changes.version('reads'),
    minute: Math.floor(Date.now() / 60_000),
    route,
    etag: s.etag,
    notModified: common,
    identity: { headers: { ...json, 'Content-Length': String(Buffer.byteLength(s.text)) }, body: s.text },
    br: s.br ? { headers: encoded(json, 'br', s.br), body: s.br } : undefined,
    gzip: s.gz ? { headers: encoded(json, 'gzip', s.gz), body: s.gz } : undefined,
  });
}

function encoded(json: Record<string, string>, coding: string, body: Uint8Array) {
  return { ...json, 'Content-Encoding': coding, 'Content-Length': String(body.byteLength) };
}

/**
 * The poll as a lookup (issue 18): a GET of a public read answered by the full path before (the
 * market lists, rates, settings, content) is answered from memory straight onto the socket, with
 * headers precomputed, before any Request or middleware is built; the same bytes and headers as
 * the full path. Anything else goes the full way: another method, a change since (the feed's
 * version moved, or the feed is down), the last second of the minute the answer was made in (a
 * market day can turn), an `Origin` (CORS), a bearer token this process does not hold as valid,
 * a draining process, or debug logging. Answers true when it answered.
 */
export function answerFast(
  db: Db,
  req: IncomingMessage,
  res: ServerResponse,
  options: { draining: boolean; debug: boolean },
): boolean {
  if (req.method !== 'GET' || options.draining || options.debug) return false;
  const started = performance.now();
  const map = entries.get(db.changes);
  const entry = map?.get(req.url ?? '');
  if (!entry) return false;
  const feed = db.changes;
  const now = Date.now();
  if (!feed.live || entry.version !== feed.version('reads')) return false;
  if (Math.floor(now / 60_000) !== entry.minute || now % 60_000 > 59_000) return false;
  const h = req.headers;
  if (h.origin !== undefined) return false;
  if (h.authorization !== undefined && !isCachedToken(db, h.authorization)) return false;
  const match = h['if-none-match'];
  if (match?.split(',').some((t) => t.trim() === entry.etag)) {
    res.writeHead(304, entry.notModified);
    res.end();
    observe('GET', entry.route, 304, performance.now() - started);
    return true;
  }
  const accept = h['accept-encoding'];
  const pick =
    (entry.br && acceptsEncoding(accept, 'br') && entry.br) ||
    (entry.gzip && acceptsEncoding(accept, 'gzip') && entry.gzip) ||
    entry.identity;
  res.writeHead(200, pick.headers);
  res.end(pick.body);
  observe('GET', entry.route, 200, performance.now() - started);
  return true;
}
