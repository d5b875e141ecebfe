/**
 * What this process knows about changes committed by any process: a version per topic, bumped by
 * the NOTIFYs of db/functions/matka_notify_change.sql (its triggers: migration 004 and later) on
 * channel matka_changes. Read models and the token cache keep an entry only while its topic's
 * version is the one they built it under.
 *
 * Delivery: on PGlite, and on every PostgreSQL pool connection (each LISTENs), a notification
 * arrives before the COMMIT that caused it returns, so this process's own writes invalidate
 * synchronously; other processes' writes arrive through any listening connection, including one
 * dedicated listener that stays connected. While that listener is down, `live` is false and the
 * caches step aside (every read goes to the database) until it is back.
 */
export type Topic = 'reads' | 'auth';

export const CHANGE_CHANNEL = 'matka_changes';

export class ChangeFeed {
  private versions: Record<Topic, number> = { reads: 0, auth: 0 };
  /** Per-feed cache storage for the read models (server/http/read-cache.ts). */
  readonly store = new Map<string, unknown>();
  live: boolean;

  constructor(live: boolean) {
    this.live = live;
  }

  version(topic: Topic): number {
    return this.versions[topic];
  }

  /** A NOTIFY payload: 'reads' or 'auth'; anything else invalidates everything. */
  receive(payload: string | undefined) {
    if (payload === 'reads' || payload === 'auth') this.bump(payload);
    else this.bumpAll();
  }

  bump(topic: Topic) {
    this.versions[topic] += 1;
    if (topic === 'reads') this.store.clear();
  }

  bumpAll() {
    this.bump('reads');
    this.bump('auth');
  }

  /** The listener connection dropped (false) or is back (true); both drop every cached entry. */
  setLive(live: boolean) {
    this.live = live;
    this.bumpAll();
  }
}
