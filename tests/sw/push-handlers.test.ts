import { describe, expect, it, vi } from 'vitest';
import { registerPush } from '../../sw/push';

// The worker's push and notificationclick listeners against a hand-made worker scope: which
// windows exist and whether they are visible decide between a toast message and a notification,
// and where a click goes.

const ORIGIN = 'https://matka.example';

type FakeWindow = {
  url: string;
  visibilityState: 'visible' | 'hidden';
  postMessage: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
};

function fakeWindow(url: string, visibilityState: FakeWindow['visibilityState'] = 'visible'): FakeWindow {
  const w: FakeWindow = {
    url,
    visibilityState,
    postMessage: vi.fn(),
    focus: vi.fn(async () => w),
    navigate: vi.fn(async () => null),
  };
  return w;
}

function fakeWorker(windows: FakeWindow[]) {
  const listeners = new Map<string, (event: unknown) => void>();
  const sw = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    registration: { showNotification: vi.fn(async () => undefined) },
  };
  registerPush(sw as unknown as ServiceWorkerGlobalScope);
  /** Fires one event and waits for what it handed to waitUntil. */
  const fire = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
  };
  return { sw, fire };
}

const payload = {
  notification: { title: 'Result: KALYAN', body: '128-1' },
  data: { link: '/win-history/main' },
};
const pushEvent = (body: unknown) => ({
  data: { json: () => body, text: () => JSON.stringify(body) },
});

describe('push event', () => {
  it('with the app visible, posts the message for the toast and shows no notification', async () => {
    const open = fakeWindow(`${ORIGIN}/home`);
    const { sw, fire } = fakeWorker([open]);
    await fire('push', pushEvent(payload));
    expect(open.postMessage).toHaveBeenCalledWith({
      ...payload,
      isFirebaseMessaging: true,
      messageType: 'push-received',
    });
    expect(sw.registration.showNotification).not.toHaveBeenCalled();
  });

  it('with the app hidden or closed, shows the notification with title, body and link', async () => {
    const hidden = fakeWindow(`${ORIGIN}/home`, 'hidden');
    const other = fakeWindow('https://elsewhere.example/');
    const { sw, fire } = fakeWorker([hidden, other]);
    await fire('push', pushEvent({ ...payload, notification: { ...payload.notification, image: '/i.png' } }));
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(other.postMessage).not.toHaveBeenCalled();
    expect(sw.registration.showNotification).toHaveBeenCalledWith(
      'Result: KALYAN',
      expect.objectContaining({ body: '128-1', image: '/i.png', data: { link: '/win-history/main' } }),
    );
  });

  it('a push that is not JSON still shows its text', async () => {
    const { sw, fire } = fakeWorker([]);
    const event = {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'Plain words',
      },
    };
    await fire('push', event);
    expect(sw.registration.showNotification).toHaveBeenCalledWith(
      'Matka Play',
      expect.objectContaining({ body: 'Plain words', data: { link: '/home' } }),
    );
  });
});

describe('notificationclick', () => {
  const click = (data: unknown) => ({ notification: { data, close: vi.fn() } });

  it('closes the notification, focuses an open app window and tells it where to route (no reload)', async () => {
    const open = fakeWindow(`${ORIGIN}/home`, 'hidden');
    const { sw, fire } = fakeWorker([fakeWindow('https://elsewhere.example/'), open]);
    const event = click({ link: '/win-history/main?x=1' });
    await fire('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.postMessage).toHaveBeenCalledWith({ type: 'OPEN_LINK', path: '/win-history/main?x=1' });
    expect(open.navigate).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a link to another site in a new window, never in the app window', async () => {
    const open = fakeWindow(`${ORIGIN}/home`);
    const { sw, fire } = fakeWorker([open]);
    await fire('notificationclick', click({ link: 'https://elsewhere.example/offer' }));
    expect(open.postMessage).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).toHaveBeenCalledWith('https://elsewhere.example/offer');
  });

  it('opens a new window on /home when no app window is open and the link is missing', async () => {
    const { sw, fire } = fakeWorker([]);
    await fire('notificationclick', click(null));
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/home`);
  });

  it('opens a new window when the open one cannot be focused', async () => {
    const stuck = fakeWindow(`${ORIGIN}/home`);
    stuck.focus.mockRejectedValue(new TypeError('not allowed'));
    const { sw, fire } = fakeWorker([stuck]);
    await fire('notificationclick', click({ link: '/wallet' }));
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/wallet`);
  });
});
