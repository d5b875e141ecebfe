import { createHash, timingSafeEqual } from 'node:crypto';
import type { ResultReport } from '../../../src/contracts/result-feeds';
import { findSourceByName } from '../../db/repositories/result-sources';
import type { Deps } from '../../deps';
import { badRequest } from '../errors';
import { receiveReports } from './receive';

/**
 * POST /api/results/feed/{secret}/{name}: a push source's results. A wrong secret (or none set), an
 * unknown, disabled or polled source: null (the route answers 404) and nothing is read or stored.
 */
export async function receivePush(
  deps: Pick<Deps, 'db' | 'env' | 'clock'>,
  p: { secret: string; name: string; body: () => Promise<unknown> },
): Promise<ResultReport[] | null> {
  const expected = deps.env.RESULT_FEED_SECRET;
  if (!expected) return null;
  // Compared as digests: equal lengths, and the time taken says nothing of where they differ.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  if (!timingSafeEqual(digest(expected), digest(p.secret))) return null;
  const source = /^[A-Za-z0-9-]{1,40}$/.test(p.name) ? await findSourceByName(deps.db, p.name) : null;
  if (!source?.enabled || source.kind !== 'push') return null;
  const body = await p.body();
  const one = body && typeof body === 'object' && Object.keys(body).length > 0 ? [body] : null;
  const items = Array.isArray(body) ? body : one;
  if (!items) throw badRequest('Send a result object or an array of them', { body: 'Expected JSON objects' });
  return receiveReports(deps, source, items);
}
