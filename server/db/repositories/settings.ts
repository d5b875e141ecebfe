import { SETTING_DEFAULTS, type SettingKey, type Settings } from '../../../src/contracts/settings';
import type { Queryable } from '../types';

type SettingValue<K extends SettingKey> = Settings[K];

/** A setting with its defaults filled in (a fresh database has no rows yet). */
export async function getSetting<K extends SettingKey>(q: Queryable, key: K): Promise<SettingValue<K>> {
  const r = await q.query<{ value: Partial<SettingValue<K>> }>('SELECT value FROM settings WHERE key = $1', [
    key,
  ]);
  return { ...SETTING_DEFAULTS[key], ...(r.rows[0]?.value ?? {}) } as SettingValue<K>;
}

/** Merges a partial update into the stored value and answers the whole new value. */
export async function updateSetting<K extends SettingKey>(
  q: Queryable,
  key: K,
  patch: Partial<SettingValue<K>>,
): Promise<SettingValue<K>> {
  const next = { ...(await getSetting(q, key)), ...patch };
  await q.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(next)],
  );
  return next as SettingValue<K>;
}
