import { readThrough } from '../../db/read-through';
import { getSetting } from '../../db/repositories/settings';
import type { Db } from '../../db/types';

/**
 * Settings read on every player action, kept in this process's memory and dropped on any
 * committed change of the settings table (db/read-through.ts).
 */
export function bidLimits(db: Db) {
  return readThrough(db, 'setting:required-update', () => getSetting(db, 'required-update'));
}

export function maintenanceSetting(db: Db) {
  return readThrough(db, 'setting:maintenance', () => getSetting(db, 'maintenance'));
}
