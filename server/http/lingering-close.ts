import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a closing connection keeps reading (and dropping) what its client still sends. */
export const LINGER_MS = 5_000;

/**
 * A refused upload is answered before its body is read (413 from Content-Length, 401 before a
 * body is looked at). On a connection that closes after the answer (the client, or nginx's
 * default upstream connection, sent `Connection: close`, or the server is draining), Node would
 * close the socket with the body's rest unread: the kernel then answers the client's next bytes
 * with a reset, which can destroy the answer before the client reads it (nginx said 502 instead
 * of 413). So when the request's body is not all in, the close lingers: the answer is flushed and
 * our side half-closed, the rest of the body is read and dropped by Node's parser (the request
 * was dumped), and the socket is destroyed when the client closes its side or after LINGER_MS,
 * whichever comes first. A request read in full closes at once, as before.
 */
export function lingerOnClose(server: Server): void {
  const current = new WeakMap<Socket, IncomingMessage>();
  server.prependListener('request', (req: IncomingMessage) => {
    current.set(req.socket, req);
  });
  server.on('connection', (socket: Socket) => {
    const destroySoon = socket.destroySoon.bind(socket);
    // Node's http server calls destroySoon once the last answer on a connection is written.
    socket.destroySoon = () => {
      const req = current.get(socket);
      if (!req || req.complete || socket.destroyed) {
        destroySoon();
        return;
      }
      const limit = setTimeout(() => socket.destroy(), LINGER_MS);
      limit.unref();
      socket.once('close', () => clearTimeout(limit));
      // 'end' is the client's FIN: it has sent everything it meant to.
      socket.once('end', () => socket.destroy());
      socket.end();
    };
  });
}
