import { describe, expect, it } from 'vitest';
import { PUSH_REFRESH_MS, pushToastText, pushTokenDue } from '../../../src/lib/push';
import { registerServiceWorker } from '../../../src/lib/pwa';

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
