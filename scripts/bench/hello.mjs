// The bare reference for `npm run bench`: a Hono hello on @hono/node-server, the server's own stack.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ status: true, message: 'hello' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => {
  process.send?.('ready');
});
