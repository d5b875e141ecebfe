import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Env } from '../env';
import { addressKey } from './client-address';
import { lingerOnClose } from './lingering-close';

/** A socket with no traffic at all this long is closed, whatever state it is in. */
export const SOCKET_IDLE_TIMEOUT_MS = 60_000;

/**
 * For http.createServer: the header, request and keep-alive timeouts of the environment, checked
 * every second (Node's default check runs every 30 s, so a timeout could be overrun by that much).
 */
export function serverOptions(env: Env): ServerOptions {
  return {
    headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: Math.max(env.HTTP_REQUEST_TIMEOUT_MS, env.HTTP_HEADERS_TIMEOUT_MS),
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  };
}

/**
 * No client can hold the server (issue 18): with the timeouts of serverOptions, a cap on open
 * connections per process and one per client address (IPv6 per /64), thousands of idle sockets
 * from one client cannot use up the process's file descriptors while /healthz goes silent. A
 * connection over a cap is closed at once, before any byte is read.
 */
export function guardConnections(server: Server, env: Env): void {
  server.setTimeout(SOCKET_IDLE_TIMEOUT_MS, (socket: Socket) => socket.destroy());
  server.maxConnections = env.MAX_CONNECTIONS;
  lingerOnClose(server);
  // Node's header timeout starts at a request's first byte: a connection that never sends one
  // would be held until the idle timeout. It gets the header timeout too.
  server.on('connection', (socket: Socket) => {
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, env.HTTP_HEADERS_TIMEOUT_MS);
    silent.unref();
    socket.once('close', () => clearTimeout(silent));
  });
  const cap = env.MAX_CONNECTIONS_PER_ADDRESS;
  if (cap <= 0) return;
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const count = (perAddress.get(key) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    perAddress.set(key, count);
    socket.once('close', () => {
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left <= 0) perAddress.delete(key);
      else perAddress.set(key, left);
    });
  });
}
