import { storedPushToken } from './push';
import { pushOffHere } from './push-device';
import { serviceWorkerRegistration } from './pwa';

// Whether alerts (pushes) can reach this phone, and turning them on from a tap (issue 49: the bell
// promised results that could not arrive, and nothing said why). Loaded with the bell's first tap
// and by the Notifications screen, never with a screen's first load.

/**
 * Alerts on this install: `on` (registered), `ask` (the player can turn them on here), or why
 * they cannot come: `no-config` (this build has no Firebase web config), `unsupported` (the
 * browser has no web push), `ios-install` (iPhone Safari: only the installed app gets pushes),
 * `refused` (the phone's permission is denied), `failed` (allowed, but the registration did not
 * go through).
 */
export type AlertsHere = 'on' | 'ask' | 'no-config' | 'unsupported' | 'ios-install' | 'refused' | 'failed';

/** iPhone or iPad (iPadOS says Macintosh, with touch). */
function onIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** Opened from the home screen (installed), not in a browser tab. */
function installed(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** What this install can do about alerts now, without asking anything. */
export function alertsHere(): AlertsHere {
  if (!import.meta.env.VITE_FIREBASE_PROJECT_ID) return 'no-config';
  // Safari on iPhone has no Notification or PushManager until the app is on the home screen.
  if (onIos() && !installed()) return 'ios-install';
  if (typeof Notification === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return 'unsupported';
  if (Notification.permission === 'denied') return 'refused';
  if (Notification.permission === 'default') return 'ask';
  return storedPushToken() && !pushOffHere() ? 'on' : 'ask';
}

/**
 * The phone's own question, asked inside the tap that wants alerts (browsers ask only from a tap),
 * or null when there is nothing to ask. The answer is read by turnOnAlerts.
 */
export function askPermissionNow(): Promise<NotificationPermission> | null {
  if (alertsHere() !== 'ask' || Notification.permission !== 'default') return null;
  return Notification.requestPermission();
}

/**
 * Turns alerts on for this phone when it can: the permission (asked in the tap: `asked`), then the
 * device token from Firebase, registered with POST /user/device-token (lib/push-start.ts). Answers
 * the state it ends in.
 */
export async function turnOnAlerts(asked: Promise<NotificationPermission> | null): Promise<AlertsHere> {
  // Spelled out here (not only in alertsHere) so a build without a config drops the Firebase code.
  if (!import.meta.env.VITE_FIREBASE_PROJECT_ID) return 'no-config';
  const before = alertsHere();
  if (before !== 'ask' && before !== 'on') return before;
  const permission = asked ? await asked : Notification.permission;
  if (permission === 'denied') return 'refused';
  if (permission !== 'granted') return 'ask';
  try {
    const { startPush } = await import('./push-start');
    await startPush(await serviceWorkerRegistration(), { force: true });
  } catch {
    return 'failed';
  }
  const after = alertsHere();
  return after === 'ask' ? 'failed' : after;
}
