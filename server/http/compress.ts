import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/** Answers this size or larger are also kept compressed (Brotli and gzip). */
export const COMPRESS_MIN_BYTES = 1024;

/** Whether the request accepts a content coding (q=0 excluded). */
export function acceptsEncoding(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) return false;
    return !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/**
 * gzip for API JSON answers of 1 KB or more when the client accepts it (histories, wallet, result
 * pages). The public read models are compressed once per change instead (http/read-cache.ts) and
 * skip this. Money answers are small and pass through unchanged.
 */
export function compressJson(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.get('encoded') || c.req.method === 'HEAD') return;
    if (!acceptsEncoding(c.req.header('accept-encoding'), 'gzip')) return;
    const res = c.res;
    if (res.status === 204 || res.status === 304 || res.headers.has('Content-Encoding')) return;
    if (!(res.headers.get('Content-Type') ?? '').startsWith('application/json')) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    if (body.byteLength < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    const gz = gzipSync(body, { level: 6 });
    headers.set('Content-Encoding', 'gzip');
    headers.delete('Content-Length');
    c.res = new Response(new Uint8Array(gz), { status: res.status, headers });
  };
}
