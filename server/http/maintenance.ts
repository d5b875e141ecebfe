import { getSetting } from '../db/repositories/settings';
import type { Queryable } from '../db/types';
import { HttpError } from './errors';

/**
 * While maintenance is on, player actions (login, registration, bids, money) answer 503 with the
 * operator's message; reads and operator calls keep working so the app can show the screen.
 */
export async function assertNotInMaintenance(q: Queryable): Promise<void> {
  const m = await getSetting(q, 'maintenance');
  if (m.isActive) throw new HttpError(503, m.message || m.title || 'Under Maintenance');
}
