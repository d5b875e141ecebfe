import type { SettingKey, Settings } from '../../../src/contracts/settings';
import { getSetting, updateSetting } from '../../db/repositories/settings';
import type { Queryable } from '../../db/types';

// Operator settings (contact, app link, bid range, maintenance, responsible-play help): a read
// with the defaults filled in, and a partial update that answers the whole new value.

export function readSetting<K extends SettingKey>(q: Queryable, key: K): Promise<Settings[K]> {
  return getSetting(q, key);
}

export function saveSetting<K extends SettingKey>(
  q: Queryable,
  key: K,
  patch: Partial<Settings[K]>,
): Promise<Settings[K]> {
  return updateSetting(q, key, patch);
}
