/**
 * HTTPS requests to a proxy as a player's phone makes them: trusting only the proxy's CA, from a
 * chosen loopback address (so the address the proxy sees is not the one it connects to the server
 * from), and with the body as it came over the wire (not decompressed).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type Agent, request } from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, still compressed when Content-Encoding says so. */
  raw: Buffer;
}

export interface RequestOptions {
  ca: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The local address to connect from (any of 127.0.0.0/8). */
  from?: string;
  timeoutMs?: number;
  /** A keep-alive agent (as a browser keeps its connection); default: a connection per request. */
  agent?: Agent;
}

export function httpsRequest(url: string, opts: RequestOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: opts.method ?? 'GET',
      ca: opts.ca,
      headers: {
        ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}),
        ...opts.headers,
      },
      localAddress: opts.from,
      // A connection per request unless told: nothing carries over from one check to the next.
      agent: opts.agent ?? false,
      timeout: opts.timeoutMs ?? 30_000,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in ${opts.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The body decoded once, as Content-Encoding says (identity, gzip or br; anything else throws). */
export function decodedOnce(a: Answer): Buffer {
  const coding = String(a.headers['content-encoding'] ?? '').trim();
  if (coding === '') return a.raw;
  if (coding === 'gzip') return gunzipSync(a.raw);
  if (coding === 'br') return brotliDecompressSync(a.raw);
  throw new Error(`unexpected Content-Encoding "${coding}"`);
}

/** A JSON API call through the proxy; answers the status and the parsed body. */
export async function apiCall<T = { status: boolean; message?: string; data?: unknown; token?: string }>(
  base: string,
  ca: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; from?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const a = await httpsRequest(`${base}${path}`, {
    ca,
    method,
    from: opts.from,
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = decodedOnce(a).toString('utf8');
  return { status: a.status, body: (text ? JSON.parse(text) : null) as T };
}
