/** Stream buffered ahead of the client: a couple of batches of CSV, never the whole export. */
const HIGH_WATER_BYTES = 256 * 1024;

class ReaderGone extends Error {
  constructor() {
    super('the client stopped reading');
  }
}

/**
 * A response body fed by `produce`, which writes text and waits while the client is behind (each
 * `write` resolves once the stream wants more), so memory holds about HIGH_WATER_BYTES whatever
 * the size of the whole. `ready` settles at the first write, or rejects when `produce` fails
 * before it (the route can still answer an error instead of a broken 200). A failure after that
 * errors the stream (the client sees a broken download, never a short file that looks whole) and
 * goes to `onError`; a client that leaves makes the next `write` throw, which stops `produce`.
 */
export function textStream(
  produce: (write: (text: string) => Promise<void>) => Promise<unknown>,
  onError: (error: unknown) => void,
): { body: ReadableStream<Uint8Array>; ready: Promise<void> } {
  const encoder = new TextEncoder();
  let wake: (() => void) | undefined;
  let gone = false;
  let started = false;
  let markReady: () => void = () => undefined;
  let failEarly: (error: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failEarly = reject;
  });
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const write = async (text: string) => {
          if (gone) throw new ReaderGone();
          controller.enqueue(encoder.encode(text));
          if (!started) {
            started = true;
            markReady();
          }
          while (!gone && (controller.desiredSize ?? 0) <= 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          }
          if (gone) throw new ReaderGone();
        };
        produce(write).then(
          () => {
            if (gone) return;
            if (!started) {
              started = true;
              markReady();
            }
            controller.close();
          },
          (error: unknown) => {
            if (!started) {
              started = true;
              failEarly(error);
              controller.error(error);
              return;
            }
            if (error instanceof ReaderGone) return;
            onError(error);
            controller.error(error);
          },
        );
      },
      pull() {
        wake?.();
        wake = undefined;
      },
      cancel() {
        gone = true;
        wake?.();
        wake = undefined;
      },
    },
    { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );
  return { body, ready };
}
