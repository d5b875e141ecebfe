/**
 * An upload over BODY_LIMIT_BYTES is refused with 413 before its body is read. On a connection the
 * client asked to close (nginx's default upstream connection says `Connection: close`), the server
 * used to close the socket with the body's rest unread, so the kernel reset the connection under
 * the client's next write and nginx answered 502 instead of 413 (issue 47). Raw sockets against
 * the compiled server: the whole answer arrives and no write of the client fails, every time.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startCompiledServer } from './helpers/server-process';

const LIMIT = 64 * 1024;
const BODY = Buffer.alloc(1024 * 1024, 'a');

type Outcome = { status: string | undefined; error: string | null; bodyWritten: boolean };

/**
 * POSTs a body of BODY.length bytes with `Connection: close`. `holdBack`: the first 64 KB go with
 * the headers; the rest waits until the server has answered and half-closed (or 1 s), then goes
 * in 60 KB pieces 10 ms apart: a server that closed after answering resets the first piece, and
 * the next write fails. Otherwise the whole body is written at once and the answer read 100 ms
 * later, as a proxy does that sends the whole body before it reads.
 */
function upload(port: number, holdBack: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let data = '';
    let error: string | null = null;
    let bodyWritten = false;
    let answered: () => void = () => {};
    const answer = new Promise<void>((r) => {
      answered = r;
    });
    socket.on('data', (d) => {
      data += d;
    });
    socket.on('end', () => answered());
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve({ status: /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1], error, bodyWritten }));
    const write = (chunk: Buffer) => new Promise<void>((r) => socket.write(chunk, () => r()));
    socket.on('connect', async () => {
      const head =
        'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${BODY.length}\r\nConnection: close\r\n\r\n`;
      if (!holdBack) {
        socket.pause();
        socket.write(head);
        await write(BODY);
        bodyWritten = !socket.destroyed;
        socket.end();
        setTimeout(() => socket.resume(), 100);
        return;
      }
      socket.write(head);
      await write(BODY.subarray(0, 64 * 1024));
      await Promise.race([answer, new Promise((r) => setTimeout(r, 1000))]);
      for (let at = 64 * 1024; at < BODY.length && !socket.destroyed; at += 60 * 1024) {
        await write(BODY.subarray(at, at + 60 * 1024));
        await new Promise((r) => setTimeout(r, 10));
      }
      bodyWritten = !socket.destroyed;
      socket.end();
    });
  });
}

describe('an upload over the limit on a closing connection', () => {
  let server: ServerProcess;
  let port = 0;
  beforeAll(async () => {
    server = await startCompiledServer({ NODE_ENV: 'test', BODY_LIMIT_BYTES: String(LIMIT) });
    expect(server.proc.exitCode, server.log()).toBeNull();
    port = Number(new URL(server.url).port);
  }, 90_000);
  afterAll(async () => {
    server.proc.kill('SIGTERM');
    await server.exited;
  });

  it('is answered 413 and the body still sent after the answer is taken in (5 of 5)', async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 5; i++) outcomes.push(await upload(port, true));
    expect(outcomes).toEqual(Array(5).fill({ status: '413', error: null, bodyWritten: true }));
  }, 60_000);

  it('is answered 413 when the whole body is sent before the answer is read (20 of 20)', async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 20; i++) outcomes.push(await upload(port, false));
    expect(outcomes.filter((o) => o.status !== '413' || o.error !== null)).toEqual([]);
  }, 60_000);

  it('closes a client that never finishes its body within the linger time', async () => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => {});
    let data = '';
    socket.on('data', (d) => {
      data += d;
    });
    const started = Date.now();
    const closed = new Promise<number>((r) => socket.on('close', () => r(Date.now() - started)));
    socket.on('connect', () => {
      socket.write(
        'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${100 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(BODY.subarray(0, 64 * 1024));
    });
    // A byte every 200 ms: taken in while the server lingers; once it has closed, the kernel
    // resets the connection and the socket closes.
    const drip = setInterval(() => socket.write('a'), 200);
    const ms = await closed;
    clearInterval(drip);
    expect(data).toMatch(/^HTTP\/1\.1 413/);
    // LINGER_MS is 5 s; the request timeout (30 s by default) would be far later.
    expect(ms).toBeGreaterThan(4000);
    expect(ms).toBeLessThan(8000);
  }, 30_000);
});
