import { databaseClock } from './db/repositories/clock';
import type { Queryable } from './db/types';

/**
 * Where "now" comes from. The server goes by the database's clock, so every server process agrees
 * on bid windows whatever its own clock says; tests inject a settable clock instead.
 */
export interface Clock {
  now(): Promise<Date>;
  /**
   * True when this clock IS the database's: then SQL may check a cut-off against the database's
   * clock_timestamp() at the very moment of a write (the bid statement does). A test clock is not.
   */
  readonly isDatabaseClock?: boolean;
}

/**
 * The database's clock without a query per call: the offset between the database's
 * clock_timestamp() and this process's clock is measured (at the midpoint of the round trip) and
 * re-measured every `resyncMs`, so a read served from memory touches no database and every process
 * still agrees with the database within a few milliseconds.
 */
export function dbClock(db: Queryable, resyncMs = 10_000): Clock {
  let offset = 0;
  let measuredAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | null = null;
  const measure = async () => {
    const before = Date.now();
    const value = await databaseClock(db);
    const after = Date.now();
    const dbNow = (value instanceof Date ? value : new Date(String(value))).getTime();
    offset = dbNow - (before + after) / 2;
    measuredAt = after;
  };
  return {
    isDatabaseClock: true,
    async now() {
      if (Date.now() - measuredAt > resyncMs) {
        pending ??= measure().finally(() => {
          pending = null;
        });
        await pending;
      }
      return new Date(Math.round(Date.now() + offset));
    },
  };
}

/** A clock for tests: starts at `start` and moves only when told. */
export function fixedClock(
  start: Date | string,
): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: async () => new Date(current),
    set(to) {
      current = new Date(to);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
