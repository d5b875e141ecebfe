// The bare references for `npm run bench`, on the server's own stack (Hono on @hono/node-server):
// `/` a JSON hello, `/bytes` the same bytes the market list answers (BYTES_FILE), from memory, and
// `/poll` the market list's poll: 304 to a request that carries its ETag (BYTES_ETAG), else the bytes.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bytes = process.env.BYTES_FILE ? readFileSync(process.env.BYTES_FILE) : Buffer.from('{}');
const etag = process.env.BYTES_ETAG ?? '"bench"';
const app = new Hono();
app.get('/', (c) => c.json({ status: true, message: 'hello' }));
app.get('/bytes', (c) => c.body(bytes, 200, { 'Content-Type': 'application/json' }));
app.get('/poll', (c) =>
  c.req.header('if-none-match') === etag
    ? c.body(null, 304, { ETag: etag })
    : c.body(bytes, 200, { 'Content-Type': 'application/json', ETag: etag }),
);
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => {
  process.send?.('ready');
});
