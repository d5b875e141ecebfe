import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GatewayMode = 'ok' | 'hang' | 'fail';

/**
 * A local SMS gateway for the http provider (SMS_HTTP_URL template with {phone} and {text}):
 * 'ok' answers 200, 'fail' answers 500, 'hang' holds the request open and never answers.
 * Every request is recorded, answered or not.
 */
export async function startSmsGateway(initial: GatewayMode = 'ok') {
  let mode = initial;
  const calls: { phone: string; text: string; mode: GatewayMode }[] = [];
  const hung: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    calls.push({ phone: url.searchParams.get('to') ?? '', text: url.searchParams.get('text') ?? '', mode });
    if (mode === 'hang') {
      hung.push(res);
      return;
    }
    res.writeHead(mode === 'ok' ? 200 : 500, { 'content-type': 'text/plain' });
    res.end(mode === 'ok' ? 'queued' : 'gateway error');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send?to={phone}&text={text}`,
    calls,
    hanging: () => hung.filter((r) => !r.writableEnded && !r.destroyed).length,
    setMode: (m: GatewayMode) => {
      mode = m;
    },
    close: async () => {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
