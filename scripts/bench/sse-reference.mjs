// The same-run reference of scripts/bench/events.mjs: a bare Server-Sent Events fan-out on
// node:http, nothing else. GET /events holds the response open (and says `ready`); POST /fire
// writes the request's body, encoded once, to every open stream.
import { createServer } from 'node:http';

const open = new Set();
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    res.write('retry: 3000\n\nid: 0\nevent: ready\ndata: {}\n\n');
    open.add(res);
    res.on('close', () => open.delete(res));
    return;
  }
  if (req.method === 'POST' && req.url === '/fire') {
    const parts = [];
    req.on('data', (d) => parts.push(d));
    req.on('end', () => {
      const frame = Buffer.concat(parts);
      for (const r of open) r.write(frame);
      res.writeHead(204, { 'X-Streams': String(open.size) });
      res.end();
    });
    return;
  }
  res.writeHead(404);
  res.end();
});
server.maxConnections = 100_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
