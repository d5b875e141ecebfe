import type { Queryable } from './db/types';

/**
 * Where "now" comes from. The server asks the database (`SELECT now()`), so every server process
 * agrees on bid windows whatever its own clock says; tests inject a settable clock instead.
 */
export interface Clock {
  now(): Promise<Date>;
}

export function dbClock(db: Queryable): Clock {
  return {
    async now() {
      const r = await db.query<{ now: Date }>('SELECT now() AS now');
      const value = r.rows[0]?.now;
      return value instanceof Date ? value : new Date(String(value));
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
