/**
 * server/http/text-stream.ts: the body of a streamed export. Its producer waits while the reader is
 * behind (memory holds a couple of chunks, not the file); a failure before the first byte is still
 * an error answer, one after it breaks the stream (never a short file that looks whole).
 */
import { describe, expect, it } from 'vitest';
import { textStream } from '../../../server/http/text-stream';

const chunk = 'x'.repeat(100 * 1024);

describe('textStream', () => {
  it('holds the producer while nobody reads, and lets it on as the reader takes chunks', async () => {
    let written = 0;
    const { body, ready } = textStream(
      async (write) => {
        for (let i = 0; i < 20; i++) {
          await write(chunk);
          written++;
        }
      },
      () => undefined,
    );
    await ready;
    await new Promise((r) => setTimeout(r, 50));
    // 100 KB chunks against a 256 KB buffer: a few ahead, not twenty.
    expect(written).toBeLessThanOrEqual(3);
    let bytes = 0;
    for await (const part of body) bytes += part.byteLength;
    expect(written).toBe(20);
    expect(bytes).toBe(20 * chunk.length);
  });

  it('a failure before the first write rejects ready (the route answers an error)', async () => {
    const { ready } = textStream(
      async () => {
        throw new Error('the query failed');
      },
      () => undefined,
    );
    await expect(ready).rejects.toThrow('the query failed');
  });

  it('a failure after it breaks the stream and is reported', async () => {
    const reported: unknown[] = [];
    const { body, ready } = textStream(
      async (write) => {
        await write('header\r\n');
        throw new Error('connection lost');
      },
      (e) => reported.push(e),
    );
    await ready;
    const read = async () => {
      for await (const _ of body) {
        // drain
      }
    };
    await expect(read()).rejects.toThrow('connection lost');
    expect(reported).toHaveLength(1);
  });

  it('a reader that leaves makes the next write throw, and nothing is reported', async () => {
    const reported: unknown[] = [];
    let stopped: unknown = null;
    const { body, ready } = textStream(
      async (write) => {
        try {
          for (;;) await write(chunk);
        } catch (e) {
          stopped = e;
          throw e;
        }
      },
      (e) => reported.push(e),
    );
    await ready;
    const reader = body.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBeInstanceOf(Error);
    expect(reported).toEqual([]);
  });
});
