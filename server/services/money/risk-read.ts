import { findFlag, listFlags } from '../../db/repositories/risk-flags';
import type { Queryable } from '../../db/types';
import { notFound } from '../errors';
import { presentFlag, scanBidBursts } from './risk';

// The money desk's reads of risk flags (issue 21), beside the rules that raise and clear them in
// services/money/risk.ts.

/**
 * Risk flags, open or cleared, newest first. The bids-a-minute flag comes from the bids table, so
 * the open list looks at the bids again before answering.
 */
export async function riskFlags(
  q: Queryable,
  f: { open: boolean; userId?: string },
  page: { limit: number; offset: number },
) {
  if (f.open) await scanBidBursts(q);
  const { rows, total } = await listFlags(q, f, page.limit, page.offset);
  return { rows: rows.map(presentFlag), total };
}

/** One risk flag with its evidence (404 when there is none). */
export async function riskFlag(q: Queryable, id: string) {
  const flag = await findFlag(q, id);
  if (!flag) throw notFound('Flag');
  return presentFlag(flag);
}
