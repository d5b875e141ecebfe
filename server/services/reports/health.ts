import { readMigrations } from '../../db/migrate';
import { latestAppliedMigration } from '../../db/repositories/schema-migrations';
import type { Queryable } from '../../db/types';

let expected: number | undefined;

/** The newest migration this build carries (read from disk once: it cannot change while running). */
export function expectedMigration(): number {
  expected ??= Math.max(0, ...readMigrations().map((m) => m.version));
  return expected;
}

/** The newest migration applied to the database; throws when the database does not answer. */
export function appliedMigration(q: Queryable): Promise<number> {
  return latestAppliedMigration(q);
}
