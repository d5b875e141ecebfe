import type { Options } from 'ky';

/**
 * Options for a money POST that must reach the server once: the caller's Idempotency-Key, and
 * retries (same key) of a lost answer, a timeout, 408/409 (first attempt still running) and 502-504.
 * @example api.post('user/fund', onceOptions({ amount: 500 }, key))
 */
export function onceOptions(json: unknown, idempotencyKey: string): Options {
  return {
    json,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeout: 20_000,
    retry: {
      limit: 3,
      methods: ['post'],
      statusCodes: [408, 409, 502, 503, 504],
      retryOnTimeout: true,
      backoffLimit: 4_000,
    },
  };
}

/** Statuses that leave a submission's outcome unknown: the retry must carry the same key. */
const UNSETTLED = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * One Idempotency-Key per submission, reused when the player retries the same body after an
 * unsettled failure (network, timeout, 409, 5xx) so the server acts once; a definite answer
 * (success or a refusal) retires the key.
 * @example const keys = createOnceKeys(); keys.keyFor('{"amount":500}') // same key until settle()
 */
export function createOnceKeys() {
  let pending: { key: string; body: string } | null = null;
  return {
    keyFor(body: string): string {
      if (pending?.body !== body) pending = { key: crypto.randomUUID(), body };
      return pending.key;
    },
    /** Called with the failure, or with nothing on success. */
    settle(error?: unknown): void {
      const status = (error as { status?: unknown } | undefined)?.status;
      const unsettled = error !== undefined && (typeof status !== 'number' || UNSETTLED.has(status));
      if (!unsettled) pending = null;
    },
  };
}
