import { eventsAfter, latestEventId, pruneResultEvents } from '../../db/repositories/result-events';
import type { Db } from '../../db/types';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { type Frame, frameOf, HEARTBEAT, openingOf } from './frames';

/** How far back a reconnecting client's Last-Event-ID is served: events of the last 10 minutes. */
export const RESEND_WINDOW_MS = 10 * 60_000;
/** How often the change feed's version is compared (a compare, no query): the wake-up delay. */
const WAKE_MS = 50;
/** A read of the events even without a notification (one lost on the way): every 5 s. */
const QUIET_READ_MS = 5_000;
/** While the change feed is down (no notifications), the events are read every second. */
const DEAD_FEED_READ_MS = 1_000;
/** Events are kept a day (a reconnect asks for 10 minutes at most); pruned hourly. */
const KEEP_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
/** A client this far behind (bytes written but not yet taken by its socket) is dropped. */
const MAX_BEHIND_BYTES = 64 * 1024;

/** Where a stream's bytes go: the HTTP layer's response (http/event-stream.ts). */
export interface LiveSink {
  /** Writes bytes; answers how many bytes are still waiting to go out to this client. */
  write(bytes: Uint8Array): number;
  /** Ends the stream gracefully (the client reconnects after its retry delay). */
  end(): void;
  /** Drops a client that stopped reading. */
  drop(): void;
}

interface Subscriber {
  sink: LiveSink;
  address: string;
  /** The newest event id this client has (or was told it has). */
  lastSent: number;
  /** Frames that arrived while its backlog was being read, sent right after it. */
  queue: Frame[] | null;
}

export type Admission = 'ok' | 'full' | 'closed';

/**
 * One process's live-results fan-out (GET /api/v1/events). Events are rows of result_events
 * written by the declaring transaction (services/live/result-events.ts); any process's commit
 * bumps this process's change feed (db/change-feed.ts, 'reads'), which is compared every 50 ms
 * while a stream is open; a bump reads the new rows once and writes each one's frame, encoded
 * once, to every stream. The table is also read every 5 s regardless (every second while the feed
 * is down), so a lost notification delays an event, never loses it. Nothing runs while no stream
 * is open.
 */
export class LiveHub {
  private readonly subs = new Set<Subscriber>();
  private readonly perAddress = new Map<string, number>();
  private lastId = 0;
  private seenVersion = -1;
  private lastRead = 0;
  private lastPrune = 0;
  private reading = false;
  private starting: Promise<void> | null = null;
  private wake: NodeJS.Timeout | undefined;
  private beat: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly deps: { db: Db; env: Env; logger: Logger }) {}

  /** Open streams on this process. */
  get size(): number {
    return this.subs.size;
  }

  /** Whether another stream from this address may open now. */
  admit(address: string): Admission {
    if (this.closed) return 'closed';
    const env = this.deps.env;
    const max = env.EVENTS_MAX_STREAMS ?? Math.floor(env.MAX_CONNECTIONS / 2);
    if (this.subs.size >= max) return 'full';
    const perAddress = Math.floor(env.MAX_CONNECTIONS_PER_ADDRESS / 2);
    if (env.MAX_CONNECTIONS_PER_ADDRESS > 0 && (this.perAddress.get(address) ?? 0) >= Math.max(1, perAddress))
      return 'full';
    return 'ok';
  }

  /**
   * Starts a stream: what the client missed since `lastEventId` (of the last 10 minutes), then
   * the `ready` frame with the id it is now up to, then every new event. Answers the function to
   * call when the connection closes.
   */
  async open(sink: LiveSink, address: string, lastEventId: number | null): Promise<() => void> {
    const sub: Subscriber = { sink, address, lastSent: 0, queue: [] };
    this.subs.add(sub);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    let gone = false;
    const close = () => {
      if (gone) return;
      gone = true;
      this.remove(sub);
    };
    try {
      await this.start();
      const opening = await this.opening(lastEventId);
      if (gone) return close;
      sub.lastSent = opening.upTo;
      const queued = sub.queue ?? [];
      sub.queue = null;
      this.send(sub, opening.bytes);
      for (const frame of queued) this.deliver(sub, frame);
    } catch (error) {
      this.deps.logger.warn('event stream could not start', { error: (error as Error).message });
      close();
      sink.drop();
    }
    return close;
  }

  /**
   * The start of a stream as one block, with nothing held open (an in-process request, where the
   * answer must end): the missed events and the `ready` frame.
   */
  async snapshot(lastEventId: number | null): Promise<Uint8Array<ArrayBuffer>> {
    const lastId = await latestEventId(this.deps.db);
    return (await this.opening(lastEventId, lastId)).bytes;
  }

  /** Draining (SIGTERM): every stream ends now and new ones are refused, so the process can exit. */
  endAll(): void {
    this.closed = true;
    for (const sub of [...this.subs]) {
      this.remove(sub);
      sub.sink.end();
    }
  }

  private async opening(lastEventId: number | null, upTo = this.lastId) {
    const missed =
      lastEventId !== null && lastEventId < upTo
        ? await eventsAfter(this.deps.db, lastEventId, { withinMs: RESEND_WINDOW_MS })
        : [];
    const frames = missed.map(frameOf);
    const newest = Math.max(upTo, ...frames.map((f) => f.id));
    return { upTo: newest, bytes: openingOf(frames, newest) };
  }

  private start(): Promise<void> {
    if (this.wake) return Promise.resolve();
    this.starting ??= (async () => {
      try {
        this.lastId = Math.max(this.lastId, await latestEventId(this.deps.db));
        this.seenVersion = this.deps.db.changes.version('reads');
        this.lastRead = Date.now();
        if (this.subs.size === 0 || this.wake) return;
        this.wake = setInterval(() => this.tick(), WAKE_MS);
        this.wake.unref();
        this.beat = setInterval(() => this.heartbeat(), this.deps.env.EVENTS_HEARTBEAT_MS);
        this.beat.unref();
      } finally {
        this.starting = null;
      }
    })();
    return this.starting;
  }

  private stop(): void {
    clearInterval(this.wake);
    clearInterval(this.beat);
    this.wake = undefined;
    this.beat = undefined;
  }

  private tick(): void {
    const feed = this.deps.db.changes;
    const version = feed.version('reads');
    const quiet = Date.now() - this.lastRead >= (feed.live ? QUIET_READ_MS : DEAD_FEED_READ_MS);
    if (this.reading || (version === this.seenVersion && !quiet)) return;
    this.seenVersion = version;
    void this.read();
  }

  private async read(): Promise<void> {
    this.reading = true;
    this.lastRead = Date.now();
    try {
      for (;;) {
        const rows = await eventsAfter(this.deps.db, this.lastId, { limit: 200 });
        for (const row of rows) {
          if (row.id <= this.lastId) continue;
          this.lastId = row.id;
          const frame = frameOf(row);
          for (const sub of this.subs) this.deliver(sub, frame);
        }
        if (rows.length < 200) break;
      }
      if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        await pruneResultEvents(this.deps.db, KEEP_MS);
      }
    } catch (error) {
      // The next notification or the quiet read tries again; the rows stay in the table.
      this.deps.logger.warn('live results read failed', { error: (error as Error).message });
    } finally {
      this.reading = false;
    }
  }

  private deliver(sub: Subscriber, frame: Frame): void {
    if (sub.queue) {
      sub.queue.push(frame);
      return;
    }
    if (frame.id <= sub.lastSent) return;
    sub.lastSent = frame.id;
    this.send(sub, frame.bytes);
  }

  private heartbeat(): void {
    for (const sub of this.subs) if (!sub.queue) this.send(sub, HEARTBEAT);
  }

  private send(sub: Subscriber, bytes: Uint8Array): void {
    if (sub.sink.write(bytes) > MAX_BEHIND_BYTES) {
      this.remove(sub);
      sub.sink.drop();
    }
  }

  private remove(sub: Subscriber): void {
    if (!this.subs.delete(sub)) return;
    const left = (this.perAddress.get(sub.address) ?? 1) - 1;
    if (left <= 0) this.perAddress.delete(sub.address);
    else this.perAddress.set(sub.address, left);
    if (this.subs.size === 0) this.stop();
  }
}

const hubs = new WeakMap<Db, LiveHub>();

/** This process's hub for a database (one per process; tests get one per test database). */
export function liveHub(deps: { db: Db; env: Env; logger: Logger }): LiveHub {
  let hub = hubs.get(deps.db);
  if (!hub) {
    hub = new LiveHub(deps);
    hubs.set(deps.db, hub);
  }
  return hub;
}

/** Ends every event stream of this process (main.ts, when a shutdown starts draining). */
export function endLiveStreams(db: Db): void {
  hubs.get(db)?.endAll();
}
