import { tooManyRequests } from '../services/errors';

/**
 * A per-process fixed-window counter per key, for a hot path that must not write to the database
 * on every request (the payment forwarder's endpoint: a bucket row shared by every message from
 * the payee's phone would serialize them). Each process counts on its own, so with WORKERS=N an
 * address may send N times the limit; the database-backed limits (services/address-limits.ts)
 * stay the rule for everything a person does.
 */
export class WindowLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly windowMs: number) {}

  /** Counts one hit for `key` at `now`; 429 with Retry-After once more than `limit` fall in the window. */
  hit(key: string, limit: number, message: string, now = Date.now()): void {
    const start = now - (now % this.windowMs);
    const w = this.windows.get(key);
    if (!w || w.start !== start) {
      if (this.windows.size > 10_000) this.sweep(start);
      this.windows.set(key, { start, count: 1 });
      return;
    }
    w.count += 1;
    if (w.count > limit) throw tooManyRequests(message, Math.ceil((start + this.windowMs - now) / 1000));
  }

  private sweep(current: number): void {
    for (const [key, w] of this.windows) if (w.start !== current) this.windows.delete(key);
  }
}
