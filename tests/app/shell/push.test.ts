import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_REFRESH_MS, pushToastText, pushTokenDue } from '../../../src/lib/push';
import { pageSettled, registerServiceWorker } from '../../../src/lib/pwa';

describe('push helpers', () => {
  it.each([
    [null, 0, true],
    [0, PUSH_REFRESH_MS - 1, false],
    [0, PUSH_REFRESH_MS, true],
    [Number.NaN, 5, true],
  ])('token fetched at %s, now %s: due %s', (at, now, due) => {
    expect(pushTokenDue(at, now)).toBe(due);
  });

  it('shows title and body of a foreground message', () => {
    expect(pushToastText({ notification: { title: 'Result', body: 'KALYAN 123-6' } })).toBe(
      'Result: KALYAN 123-6',
    );
    expect(pushToastText({ notification: { body: 'Only body' } })).toBe('Only body');
    expect(pushToastText(undefined)).toBe('');
  });

  it('a data-only message still shows its title and body', () => {
    expect(pushToastText({ data: { title: 'Result', body: 'KALYAN 123-6' } })).toBe('Result: KALYAN 123-6');
    expect(pushToastText({ notification: { title: 'Shown' }, data: { title: 'Hidden', body: 'Body' } })).toBe(
      'Shown: Body',
    );
  });

  it('registers no service worker where the browser has none', async () => {
    await expect(registerServiceWorker(10)).resolves.toBeNull();
  });
});

describe('the worker registers once the page has settled', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** Whether the promise has settled after the timers and microtasks so far. */
  async function settled(promise: Promise<void>) {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('waits for the load event while the page is loading, then for an idle moment', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const waiting = pageSettled(10_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settled(waiting)).toBe(false);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settled(waiting)).toBe(true);
  });

  it('gives up on a load event that never comes (an image that never answers)', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const waiting = pageSettled(10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1 + 2_000);
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait for a page that has loaded', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const waiting = pageSettled(10_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settled(waiting)).toBe(true);
  });
});
