import type { Queryable } from '../types';

export interface DeviceRow {
  id: string;
  token: string;
  browser: string | null;
  os: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A player's devices that receive pushes, the most recently registered first. */
export async function listDevices(q: Queryable, userId: string): Promise<DeviceRow[]> {
  const r = await q.query<DeviceRow>(
    `SELECT id, token, browser, os, created_at, updated_at FROM device_tokens
      WHERE user_id = $1 ORDER BY updated_at DESC, id`,
    [userId],
  );
  return r.rows;
}

/**
 * Removes one of the player's devices (no other player's); also from the player's row where a
 * registration stored the same token. Answers false when the player has no such device.
 */
export async function deleteDevice(q: Queryable, userId: string, id: string): Promise<boolean> {
  const r = await q.query<{ token: string }>(
    'DELETE FROM device_tokens WHERE id = $1 AND user_id = $2 RETURNING token',
    [id, userId],
  );
  const token = r.rows[0]?.token;
  if (token === undefined) return false;
  await q.query(
    `UPDATE users SET device_token = NULL, device_token_updated_at = now() WHERE id = $1 AND device_token = $2`,
    [userId, token],
  );
  return true;
}
