import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { guardConnections, serverOptions } from '../../../server/http/connections';
import type { TestContext } from '../helpers/test-app';

/** One block of a Server-Sent Events stream, as read off the wire. */
export interface Block {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
  at: number;
}

/** The test app on a real socket (as main.ts serves it), so streams are held open. */
export async function listen(
  t: TestContext,
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve(
      { fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: serverOptions(t.env) },
      () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${port}`,
          server,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        });
      },
    ) as Server;
    guardConnections(server, t.env);
  });
}

/** Splits a stream's text into blocks (one per blank line). */
export function parseBlocks(text: string, at = Date.now()): Block[] {
  return text
    .split('\n\n')
    .filter((b) => b.length > 0)
    .map((b) => {
      const block: Block = { at };
      for (const line of b.split('\n')) {
        if (line.startsWith(':')) block.comment = line.slice(1).trim();
        const m = /^(id|event|data|retry): ?(.*)$/.exec(line);
        if (m) block[m[1] as 'id' | 'event' | 'data' | 'retry'] = m[2];
      }
      return block;
    });
}

export interface OpenStream {
  status: number;
  headers: Headers;
  blocks: Block[];
  /** Resolves with the first block (from the start) that passes `match`; rejects after `ms`. */
  next: (match: (b: Block) => boolean, ms?: number) => Promise<Block>;
  ended: Promise<void>;
  close: () => void;
}

/** Opens GET /api/v1/events and collects its blocks as they arrive. */
export async function openStream(base: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/v1/events`, { headers, signal: abort.signal });
  const blocks: Block[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        const cut = buffer.lastIndexOf('\n\n');
        if (cut < 0) continue;
        blocks.push(...parseBlocks(buffer.slice(0, cut + 2)));
        buffer = buffer.slice(cut + 2);
        for (const w of waiters) w();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      for (const w of waiters) w();
    }
  })();
  const next = (match: (b: Block) => boolean, ms = 3000) =>
    new Promise<Block>((resolve, reject) => {
      const check = () => {
        const found = blocks.find(match);
        if (found) {
          cleanup();
          resolve(found);
        } else if (done) {
          cleanup();
          reject(new Error(`stream ended without it; got ${JSON.stringify(blocks)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`not within ${ms} ms; got ${JSON.stringify(blocks)}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return { status: res.status, headers: res.headers, blocks, next, ended, close: () => abort.abort() };
}
