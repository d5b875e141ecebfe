import type { StoredEvent } from '../../db/repositories/result-events';

/** One event as the stream's bytes, encoded once and written to every stream. */
export interface Frame {
  id: number;
  bytes: Uint8Array;
}

/** How long a browser waits before it reconnects a dropped stream (the `retry` field). */
export const RETRY_MS = 3000;

const encoder = new TextEncoder();

/** The comment line every open stream gets every EVENTS_HEARTBEAT_MS (proxies keep it open). */
export const HEARTBEAT = encoder.encode(': keep-alive\n\n');

/**
 * The Server-Sent Events frame of a stored event.
 * @example frameOf({id: 7, kind: 'result', data: '{"gameName":"KALYAN"}'}) // 'id: 7\nevent: result\ndata: {"gameName":"KALYAN"}\n\n' as bytes
 */
export function frameOf(e: StoredEvent): Frame {
  // jsonb's text form is one line, so the data is one `data:` line.
  return { id: e.id, bytes: encoder.encode(`id: ${e.id}\nevent: ${e.kind}\ndata: ${e.data}\n\n`) };
}

/**
 * The start of a stream: the retry delay, the missed events, then `ready` with the id the client
 * is now up to (its browser sends that back as Last-Event-ID when it reconnects).
 * @example openingOf([], 42) // 'retry: 3000\n\nid: 42\nevent: ready\ndata: {}\n\n' as bytes
 */
export function openingOf(missed: readonly Frame[], upTo: number): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(`retry: ${RETRY_MS}\n\n`);
  const tail = encoder.encode(`id: ${upTo}\nevent: ready\ndata: {}\n\n`);
  const parts = [head, ...missed.map((f) => f.bytes), tail];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
