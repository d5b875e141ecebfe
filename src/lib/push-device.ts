// This device in the player's device list (the Notifications screen): its fingerprint, and whether
// the player switched pushes off here. Apart from lib/push.ts, which the sign-in page loads.
import { storedPushToken } from './push';

/** Set when the player removed this device from their list: it is not registered again by itself. */
export const PUSH_OFF_KEY = 'pushOff';

/** Whether the player switched pushes off on this device (the Notifications screen). */
export function pushOffHere(): boolean {
  try {
    return localStorage.getItem(PUSH_OFF_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The first 16 hex digits of the SHA-256 of this device's push token (what GET /user/devices
 * answers as `fingerprint`), or null without a token.
 */
export async function pushTokenFingerprint(): Promise<string | null> {
  const token = storedPushToken();
  if (!token || typeof crypto === 'undefined' || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16);
}
