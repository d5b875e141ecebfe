import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { LiveHub, LiveSink } from '../services/live/hub';
import type { AppEnv } from './types';

/**
 * The stream's own headers. `X-Accel-Buffering: no` asks nginx (and proxies that follow it) not
 * to buffer; `no-transform` keeps proxies from compressing (and so holding) it; `Connection:
 * close` frees the socket when the stream ends (a browser reconnects on a new one anyway).
 */
const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'close',
};

/**
 * The Last-Event-ID a browser sends when it reconnects (or `?lastEventId=` from the app's own
 * reconnect): a non-negative integer; anything else is ignored, never an error.
 * @example lastEventIdOf('42') // 42
 */
export function lastEventIdOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The id a client says it has: the Last-Event-ID header, else `?lastEventId=`. */
export function askedLastEventId(c: Context<AppEnv>): number | null {
  return lastEventIdOf(c.req.header('last-event-id') ?? c.req.query('lastEventId'));
}

/**
 * Answers GET /api/v1/events. Served by Node (main.ts): the headers the middleware prepared
 * (security, CORS) plus the stream's, written straight to the socket, and the socket handed to
 * the hub until either side closes it; nothing is buffered or compressed on the way. In-process
 * (tests, app.request) there is no socket to hold: the answer is the stream's start, then its end.
 */
export async function eventStream(c: Context<AppEnv>, hub: LiveHub, lastEventId: number | null) {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) {
    return c.newResponse(await hub.snapshot(lastEventId), 200, STREAM_HEADERS);
  }
  const prepared = c.newResponse(null, 200, STREAM_HEADERS);
  outgoing.writeHead(200, Object.fromEntries(prepared.headers));
  outgoing.flushHeaders();
  const sink: LiveSink = {
    write: (bytes) => {
      outgoing.write(bytes);
      return outgoing.writableLength;
    },
    end: () => outgoing.end(),
    drop: () => outgoing.destroy(),
  };
  let close: (() => void) | null = null;
  let closed = false;
  outgoing.once('close', () => {
    closed = true;
    close?.();
  });
  close = await hub.open(sink, c.get('clientAddress'), lastEventId);
  if (closed) close();
  // @hono/node-server writes nothing more for this answer: the stream wrote its own.
  return RESPONSE_ALREADY_SENT;
}
