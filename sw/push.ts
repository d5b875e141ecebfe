/// <reference lib="WebWorker" />

/** What the server queues (api.md "Push"), also the shape FCM delivers. */
export type PushPayload = {
  notification?: { title?: string; body?: string; image?: string };
  data?: { link?: string; icon?: string; title?: string; body?: string };
};

export type ShownNotification = { title: string; options: NotificationOptions & { image?: string } };

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

/** Opens data.link in an existing window of the app when there is one, else in a new window. */
async function openLink(sw: ServiceWorkerGlobalScope, link: string): Promise<void> {
  const target = new URL(link, sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((w) => new URL(w.url).origin === sw.location.origin);
  if (same) {
    await same.focus();
    await same.navigate(target);
    return;
  }
  await sw.clients.openWindow(target);
}

export function registerPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const { title, options } = notificationFromPayload(parse(event));
    event.waitUntil(sw.registration.showNotification(title, options));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = (event.notification.data as { link?: string } | null)?.link ?? '/home';
    event.waitUntil(openLink(sw, link));
  });
}
