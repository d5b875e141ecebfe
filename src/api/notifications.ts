import type { Device, NotificationPrefs, NotificationPrefsBody } from '../contracts/notifications';
import { api } from './client';
import { toApiError } from './errors';
import { getData } from './get';
import type { Envelope } from './types';

export type { Device, NotificationPrefs, NotificationPrefsBody };

export const PREFS_FAILED = 'Failed to load your notification choices';
export const SAVE_PREFS_FAILED = 'Failed to save your notification choices';
export const DEVICES_FAILED = 'Failed to load your devices';
export const REMOVE_DEVICE_FAILED = 'Failed to remove the device';

/** Which results, wins and fund pushes the player gets. */
export function fetchNotificationPrefs(): Promise<NotificationPrefs> {
  return getData('user/notifications', PREFS_FAILED);
}

/** Changes some or all of the choices; answers the choices now in force. */
export async function saveNotificationPrefs(body: NotificationPrefsBody): Promise<NotificationPrefs> {
  try {
    return (await api.put('user/notifications', { json: body }).json<Envelope<NotificationPrefs>>()).data;
  } catch (error) {
    throw toApiError(error, SAVE_PREFS_FAILED);
  }
}

/** The player's devices that receive pushes, newest first. */
export function fetchDevices(): Promise<Device[]> {
  return getData('user/devices', DEVICES_FAILED);
}

export async function removeDevice(id: string): Promise<void> {
  try {
    await api.delete(`user/devices/${encodeURIComponent(id)}`);
  } catch (error) {
    throw toApiError(error, REMOVE_DEVICE_FAILED);
  }
}
