export const PUSH_REFRESH_MS = 7 * 24 * 3600 * 1000;
export const TOKEN_KEY = 'pushToken';
export const TOKEN_AT_KEY = 'pushTokenAt';
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

/**
 * Whether the device push token must be fetched again: never fetched, or older than 7 days
 * (product.md section 9).
 * @example pushTokenDue(null, 0) // true
 */
export function pushTokenDue(fetchedAt: number | null, now: number): boolean {
  return fetchedAt === null || !Number.isFinite(fetchedAt) || now - fetchedAt >= PUSH_REFRESH_MS;
}

/** The last device token this browser got, sent along with a registration. */
export function storedPushToken(): string | undefined {
  return localStorage.getItem(TOKEN_KEY) ?? undefined;
}

type TextParts = { title?: string; body?: string };

/**
 * Foreground messages as a toast: title and body, from the notification or, for a data-only push,
 * from its data (the same fallback the service worker uses for a background notification).
 * @example pushToastText({data: {title: 'Result', body: 'KALYAN 123-6'}}) // 'Result: KALYAN 123-6'
 */
export function pushToastText(payload: { notification?: TextParts; data?: TextParts } | undefined): string {
  const title = payload?.notification?.title ?? payload?.data?.title;
  const body = payload?.notification?.body ?? payload?.data?.body;
  return [title, body].filter(Boolean).join(': ');
}
