import { api } from '../api/client';
import { pushTokenDue, TOKEN_AT_KEY, TOKEN_KEY } from './push';
import { PUSH_OFF_KEY, pushOffHere } from './push-device';

// Apart from lib/push.ts so the sign-in screen, which only needs the stored token, does not carry
// the Firebase start-up (and its chunk list) in its first load.

/** The Firebase web config from VITE_FIREBASE_* at build time; null turns push off. */
export function firebaseConfig() {
  const env = import.meta.env;
  const config = {
    apiKey: env.VITE_FIREBASE_API_KEY as string | undefined,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN as string | undefined,
    projectId: env.VITE_FIREBASE_PROJECT_ID as string | undefined,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID as string | undefined,
    appId: env.VITE_FIREBASE_APP_ID as string | undefined,
  };
  const vapidKey = env.VITE_FIREBASE_VAPID_KEY as string | undefined;
  if (!config.apiKey || !config.projectId || !config.messagingSenderId || !config.appId) return null;
  return { config, vapidKey };
}

/**
 * Starts push for a signed-in player when Firebase is configured and the phone allows
 * notifications: the device token is fetched (at most every 7 days, or now with `force`) and sent
 * to the server. It never asks the phone itself: the bell and the Notifications screen ask, from a
 * tap (lib/push-ask.ts; a question at start-up, unasked for, is what browsers learn to refuse).
 * Background messages are shown by the service worker (sw/push.ts).
 */
export async function startPush(
  registration: ServiceWorkerRegistration | null,
  opts: { force?: boolean } = {},
): Promise<void> {
  // Removed from the player's device list: only the player turns it on again (`force`).
  if (pushOffHere() && !opts.force) return;
  const fb = firebaseConfig();
  if (!fb || !registration || typeof Notification === 'undefined') return;
  if (Notification.permission !== 'granted') return;
  const [{ initializeApp }, messagingModule] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  if (!(await messagingModule.isSupported())) return;
  // Foreground messages reach the page from our own worker (lib/sw-messages.ts), Firebase or not.
  const messaging = messagingModule.getMessaging(initializeApp(fb.config));
  const fetchedAt = Number(localStorage.getItem(TOKEN_AT_KEY) ?? Number.NaN);
  if (!opts.force && !pushTokenDue(Number.isNaN(fetchedAt) ? null : fetchedAt, Date.now())) return;
  const deviceToken = await messagingModule.getToken(messaging, {
    vapidKey: fb.vapidKey,
    serviceWorkerRegistration: registration,
  });
  if (!deviceToken) return;
  await api.post('user/device-token', { json: { deviceToken } });
  localStorage.setItem(TOKEN_KEY, deviceToken);
  localStorage.removeItem(PUSH_OFF_KEY);
  localStorage.setItem(TOKEN_AT_KEY, String(Date.now()));
}
