// One slow link between a browser and a local server, shared by every connection and both the page
// and its service worker (CDP's network throttling slows one page's own requests only, so a worker
// fetching its precache there competes with nothing). A TCP proxy: each direction is one queue
// with its own bandwidth, a chunk leaves it half a round trip after it arrived and after the chunk
// before it has gone through; a new connection's first bytes wait one more round trip (the
// handshake). Lighthouse's mobile profile by default: 1.6 Mbit/s down, 750 kbit/s up, 150 ms.
import { createConnection, createServer } from 'node:net';

const SLICE = 16 * 1024;

export function slowLink({ targetPort, downKbps = 1638.4, upKbps = 750, rttMs = 150 }) {
  const down = { free: 0, bytesPerMs: (downKbps * 1000) / 8 / 1000 };
  const up = { free: 0, bytesPerMs: (upKbps * 1000) / 8 / 1000 };
  const sockets = new Set();
  const pass = (link, ready, chunk, to) => {
    for (let at = 0; at < chunk.length; at += SLICE) {
      const piece = chunk.subarray(at, at + SLICE);
      const now = performance.now();
      const start = Math.max(link.free, now + rttMs / 2, ready);
      link.free = start + piece.length / link.bytesPerMs;
      setTimeout(() => to.destroyed || to.write(piece), link.free - now);
    }
  };
  const server = createServer((client) => {
    const ready = performance.now() + rttMs;
    const upstream = createConnection({ port: targetPort, host: '127.0.0.1' });
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => pass(up, ready, chunk, upstream));
    upstream.on('data', (chunk) => pass(down, ready, chunk, client));
    const close = () => {
      // Whatever is still queued is delivered before the other side hears the end.
      const at = Math.max(down.free, up.free) - performance.now();
      setTimeout(
        () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        },
        Math.max(0, at),
      );
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: server.address().port,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}
