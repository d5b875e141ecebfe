import type { Family } from '../../../src/contracts/common';
import type { RatesEntry } from '../../../src/contracts/rates';
import { getRates, mergeRates } from '../../db/repositories/rates';
import type { Queryable } from '../../db/types';

/** The family's rate table as players and operators read it (one entry). */
export function readRates(q: Queryable, family: Family): Promise<RatesEntry> {
  return getRates(q, family);
}

/** An operator's update: the given keys merge into the stored table; answers the new table. */
export function changeRates(
  q: Queryable,
  family: Family,
  patch: Record<string, number>,
): Promise<RatesEntry> {
  return mergeRates(q, family, patch);
}
