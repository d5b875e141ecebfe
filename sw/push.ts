/// <reference lib="WebWorker" />

/** What the server queues (docs/api.md "Push"), also the shape FCM delivers. */
type PushPayload = {
  notification?: { title?: string; body?: string; image?: string };
  data?: { link?: string; icon?: string; title?: string; body?: string };
};

type ShownNotification = { title: string; options: NotificationOptions & { image?: string } };

/**
 * Turns a push payload into what the worker shows. Titles fall back to the app name so a push with
 * only data is still visible (browsers penalise silent pushes).
 * @example notificationFromPayload({notification: {title: 'Result', body: 'Kalyan 123-6'}, data: {link: '/home'}})
 *   // {title: 'Result', options: {body: 'Kalyan 123-6', data: {link: '/home'}, ...}}
 */
export function notificationFromPayload(payload: PushPayload): ShownNotification {
  const title = payload.notification?.title ?? payload.data?.title ?? 'Matka Play';
  const body = payload.notification?.body ?? payload.data?.body ?? '';
  const link = payload.data?.link ?? '/home';
  return {
    title,
    options: {
      body,
      icon: payload.data?.icon ?? '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      image: payload.notification?.image,
      data: { link },
    },
  };
}

function parse(event: PushEvent): PushPayload {
  try {
    return (event.data?.json() as PushPayload) ?? {};
  } catch {
    return { notification: { body: event.data?.text() ?? '' } };
  }
}

/**
 * Opens data.link: an open window of the app is focused and told to route there itself (no
 * reload, nothing typed is lost); with no window, a new one opens on the link.
 */
async function openLink(sw: ServiceWorkerGlobalScope, link: string): Promise<void> {
  const target = new URL(link, sw.location.origin);
  const path = target.origin === sw.location.origin ? target.pathname + target.search + target.hash : null;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((w) => new URL(w.url).origin === sw.location.origin);
  if (same && path !== null) {
    try {
      const focused = await same.focus();
      focused.postMessage({ type: 'OPEN_LINK', path });
      return;
    } catch {
      // focus() is refused without a user gesture in some browsers: open a window instead.
    }
  }
  await sw.clients.openWindow(target.href);
}

/**
 * What the page's Firebase onMessage listens for: Firebase's window side only hands on worker
 * messages marked this way (firebase/messaging's own worker posts the same shape).
 */
function foregroundMessage(payload: PushPayload) {
  return { ...payload, isFirebaseMessaging: true, messageType: 'push-received' } as const;
}

/**
 * A player looking at the app gets the message as a toast (src/lib/push.ts onMessage), not a
 * system notification on top of it; with no visible window the worker shows the notification.
 */
async function deliver(sw: ServiceWorkerGlobalScope, payload: PushPayload): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter(
    (w) => w.visibilityState === 'visible' && new URL(w.url).origin === sw.location.origin,
  );
  if (visible.length > 0) {
    for (const w of visible) w.postMessage(foregroundMessage(payload));
    return;
  }
  const { title, options } = notificationFromPayload(payload);
  await sw.registration.showNotification(title, options);
}

export function registerPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    event.waitUntil(deliver(sw, parse(event)));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = (event.notification.data as { link?: string } | null)?.link ?? '/home';
    event.waitUntil(openLink(sw, link));
  });
}
