import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../src/lib/push';
import { alertsHere, askPermissionNow, turnOnAlerts } from '../../../src/lib/push-ask';
import { PUSH_OFF_KEY } from '../../../src/lib/push-device';

// Issue 49: what the bell and the Notifications screen say about alerts on this phone. Each state
// from the install's facts: the build's Firebase config, the browser, iPhone Safari before the app
// is installed, and the phone's permission.

const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';

function phone(opts: {
  ua?: string;
  permission?: NotificationPermission | null;
  push?: boolean;
  standalone?: boolean;
}) {
  vi.stubGlobal('navigator', {
    ...navigator,
    userAgent: opts.ua ?? ANDROID,
    maxTouchPoints: 5,
    serviceWorker: {},
    standalone: opts.standalone ?? false,
  });
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  if (opts.permission === null) vi.stubGlobal('Notification', undefined);
  else vi.stubGlobal('Notification', { permission: opts.permission ?? 'default', requestPermission });
  vi.stubGlobal('PushManager', opts.push === false ? undefined : class {});
  if (opts.push === false) delete (window as { PushManager?: unknown }).PushManager;
  else (window as { PushManager?: unknown }).PushManager = class {};
  return requestPermission;
}

beforeEach(() => {
  localStorage.clear();
  vi.stubEnv('VITE_FIREBASE_PROJECT_ID', 'matka-test');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  delete (window as { PushManager?: unknown }).PushManager;
});

describe('alerts on this phone', () => {
  it('a build without a Firebase config can never have them', () => {
    vi.stubEnv('VITE_FIREBASE_PROJECT_ID', '');
    phone({ permission: 'granted' });
    expect(alertsHere()).toBe('no-config');
  });

  it('iPhone Safari before the app is on the home screen; installed, it can ask', () => {
    phone({ ua: IPHONE, permission: null, push: false });
    expect(alertsHere()).toBe('ios-install');
    phone({ ua: IPHONE, permission: 'default', standalone: true });
    expect(alertsHere()).toBe('ask');
  });

  it('a browser without web push, a refused permission, a question not yet asked', () => {
    phone({ permission: null, push: false });
    expect(alertsHere()).toBe('unsupported');
    phone({ permission: 'denied' });
    expect(alertsHere()).toBe('refused');
    phone({ permission: 'default' });
    expect(alertsHere()).toBe('ask');
  });

  it('on once allowed and registered; off again after the player removed this device', () => {
    phone({ permission: 'granted' });
    expect(alertsHere()).toBe('ask');
    localStorage.setItem(TOKEN_KEY, 'fcm-token');
    expect(alertsHere()).toBe('on');
    localStorage.setItem(PUSH_OFF_KEY, '1');
    expect(alertsHere()).toBe('ask');
  });

  it('asks the phone only when it has not answered, and a refusal is said as refused', async () => {
    const ask = phone({ permission: 'denied' });
    expect(askPermissionNow()).toBeNull();
    expect(ask).not.toHaveBeenCalled();
    expect(await turnOnAlerts(null)).toBe('refused');
    const asking = phone({ permission: 'default' });
    asking.mockResolvedValueOnce('denied');
    const asked = askPermissionNow();
    expect(asking).toHaveBeenCalledTimes(1);
    expect(await turnOnAlerts(asked)).toBe('refused');
  });

  it('a question dismissed without an answer leaves them waiting for a yes', async () => {
    const asking = phone({ permission: 'default' });
    asking.mockResolvedValueOnce('default');
    expect(await turnOnAlerts(askPermissionNow())).toBe('ask');
  });
});
