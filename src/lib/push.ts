export const PUSH_REFRESH_MS = 7 * 24 * 3600 * 1000;
export const TOKEN_KEY = 'pushToken';
export const TOKEN_AT_KEY = 'pushTokenAt';
/**
 * Whether the device push token must be fetched again: never fetched, or older than 7 days
 * (docs/product.md section 9).
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
