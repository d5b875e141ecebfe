import type { Queryable } from '../types';

/** The highest migration version applied to this database (0 on an empty table). */
export async function latestAppliedMigration(q: Queryable): Promise<number> {
  const r = await q.query<{ v: number | null }>('SELECT max(version)::int AS v FROM schema_migrations');
  return r.rows[0]?.v ?? 0;
}
