import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { Lang } from '../../src/i18n/languages';
import { readThrough } from '../db/read-through';
import { acceptsEncoding, COMPRESS_MIN_BYTES } from './compress';
import { rememberFast } from './fast-read';
import type { AppEnv } from './types';

export { readThrough };

interface Serialized {
  text: string;
  etag: string;
  br?: Uint8Array<ArrayBuffer>;
  gz?: Uint8Array<ArrayBuffer>;
}

const own = (b: Buffer) =>
  new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);

function serialize(body: unknown, compress: boolean): Serialized {
  const text = JSON.stringify(body);
  const out: Serialized = { text, etag: `W/"${createHash('sha1').update(text).digest('base64url')}"` };
  if (compress && Buffer.byteLength(text) >= COMPRESS_MIN_BYTES) {
    out.br = own(brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
    out.gz = own(gzipSync(text, { level: 9 }));
  }
  return out;
}

/**
 * 304 when the client holds this ETag, else the JSON, Brotli- or gzip-encoded when it was kept
 * compressed and the client accepts it; either way revalidated every time.
 */
export function sendWithEtag(c: Context<AppEnv>, s: Serialized) {
  c.header('ETag', s.etag);
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept-Encoding');
  c.set('encoded', true);
  const match = c.req.header('if-none-match');
  if (match?.split(',').some((t) => t.trim() === s.etag)) return c.body(null, 304);
  const accept = c.req.header('accept-encoding');
  if (s.br && acceptsEncoding(accept, 'br')) {
    return c.body(s.br, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' });
  }
  if (s.gz && acceptsEncoding(accept, 'gzip')) {
    return c.body(s.gz, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
  }
  return c.body(s.text, 200, { 'Content-Type': 'application/json' });
}

/** Answers that are the same for everyone who may ask: the only ones kept in memory. */
const SHARED = new Set(['public', 'optional']);

/**
 * A public read answered from memory: the success envelope around `build()`, serialized once with
 * its ETag per change. A repeat poll costs a map lookup and, with If-None-Match, a bodiless 304.
 * A route that needs a token (`any`, `player`, `admin`) is built every time and never remembered:
 * the fast path answers before any token is checked, so it must hold public answers only.
 * An answer in the request's language (`lang`: content written per language) has it in `key`
 * and stays off the fast path, which knows a request by its URL alone.
 */
export async function cachedOk(
  c: Context<AppEnv>,
  key: string,
  build: () => Promise<unknown>,
  opts: { lang?: Lang } = {},
) {
  const { db, env } = c.get('deps');
  const answer = async () => serialize({ status: true, message: 'Success', data: await build() }, true);
  if (!SHARED.has(c.get('routeAuth') ?? 'any')) return sendWithEtag(c, await answer());
  const version = db.changes.version('reads');
  const body = await readThrough(db, `body:${key}`, answer);
  // The next poll of this URL is a lookup (http/fast-read.ts), unless a change came in meanwhile.
  const url = new URL(c.req.url);
  if (opts.lang === undefined && db.changes.live && db.changes.version('reads') === version) {
    rememberFast(db, url.pathname + url.search, body, env.PUBLIC_URL, routePath(c) || url.pathname);
  }
  return sendWithEtag(c, body);
}
