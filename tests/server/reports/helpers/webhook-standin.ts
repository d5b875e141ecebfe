import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an alert webhook (Slack, Discord, a Telegram bot): it keeps every POST's
 * path and JSON body, and answers the statuses queued in `answers` (then 200).
 */
export async function startWebhookStandIn() {
  const posts: Array<{ path: string; body: Record<string, unknown> }> = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (d) => {
      text += d;
    });
    req.on('end', () => {
      posts.push({ path: req.url ?? '', body: JSON.parse(text) });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    answers,
    close: () => new Promise((r) => server.close(r)),
  };
}
