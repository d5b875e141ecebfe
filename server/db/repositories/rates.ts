import type { Family } from '../../../src/contracts/common';
import type { RatesEntry } from '../../../src/contracts/rates';
import type { Rates } from '../../../src/domain/types';
import type { Queryable } from '../types';

interface RateRow {
  id: string;
  rates: Record<string, number>;
  updated_at: Date;
}

/** The family's rate table, flat keys (empty until an operator or the seed sets it). */
export async function getRates(q: Queryable, family: Family): Promise<RatesEntry> {
  const r = await q.query<RateRow>('SELECT id, rates, updated_at FROM rates WHERE family = $1', [family]);
  const row = r.rows[0];
  if (!row) return { _id: family, updatedAt: new Date(0).toISOString() };
  return { _id: row.id, ...row.rates, updatedAt: row.updated_at.toISOString() };
}

/** Merges the given keys into the stored table. */
export async function mergeRates(
  q: Queryable,
  family: Family,
  patch: Record<string, number>,
): Promise<RatesEntry> {
  await q.query(
    `INSERT INTO rates (family, rates) VALUES ($1, $2::jsonb)
     ON CONFLICT (family) DO UPDATE SET rates = rates.rates || EXCLUDED.rates, updated_at = now()`,
    [family, JSON.stringify(patch)],
  );
  return getRates(q, family);
}

/** The bare rate table settlement pays from (no keys until an operator or the seed sets them). */
export async function familyRates(q: Queryable, family: Family): Promise<Rates> {
  const r = await q.query<{ rates: Rates }>('SELECT rates FROM rates WHERE family = $1', [family]);
  return r.rows[0]?.rates ?? {};
}
