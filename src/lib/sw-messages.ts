import { bumpRevision } from './network';
import { pushToastText } from './push';
import { showInfo } from './toast';

type WorkerMessage =
  | { isFirebaseMessaging: true; messageType: 'push-received'; notification?: object; data?: object }
  | { type: 'OPEN_LINK'; path: string }
  | { type: 'READ_REFRESHED'; url: string };

/**
 * What the service worker tells an open page (sw/push.ts, sw/read-queue.ts), on every screen,
 * signed in or not, with or without the Firebase web config:
 * - a push arriving while the app is visible shows as a toast (the worker shows no notification);
 * - a tap on a notification focuses this window and routes it to the link, without a reload;
 * - a read that failed offline and was fetched again on sync makes the open screen read again.
 */
export function listenToWorker(navigate: (path: string) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const message = event.data as WorkerMessage | null;
    if (!message || typeof message !== 'object') return;
    if ('isFirebaseMessaging' in message && message.messageType === 'push-received') {
      const text = pushToastText(message);
      if (text) showInfo(text);
    } else if ('type' in message && message.type === 'OPEN_LINK' && /^\/(?!\/)/.test(message.path)) {
      navigate(message.path);
    } else if ('type' in message && message.type === 'READ_REFRESHED') {
      bumpRevision();
    }
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
