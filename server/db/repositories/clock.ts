import type { Queryable } from '../types';

/** The database's clock at this very moment (clock_timestamp(), not the transaction's now()). */
export async function databaseClock(q: Queryable): Promise<Date | undefined> {
  const r = await q.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  return r.rows[0]?.now;
}
