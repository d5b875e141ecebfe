import type { Db } from '../db/types';
import { maintenanceSetting } from '../services/content/cached-settings';
import { ServiceError } from '../services/errors';

/**
 * While maintenance is on, player actions (login, registration, bids, money) answer 503 with the
 * operator's message; reads and operator calls keep working so the app can show the screen.
 */
export async function assertNotInMaintenance(db: Db): Promise<void> {
  const m = await maintenanceSetting(db);
  if (m.isActive) throw new ServiceError('unavailable', m.message || m.title || 'Under Maintenance');
}
