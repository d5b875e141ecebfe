import { describe, expect, it } from 'vitest';
import { notificationFromPayload } from '../../sw/push';
import { matchesAny, RESULT_PATHS, STATIC_READ_PATHS, WARM_READS } from '../../sw/runtime-cache';

describe('push notifications', () => {
  it('shows the title and body and keeps the link for the click', () => {
    const shown = notificationFromPayload({
      notification: { title: 'Result: KALYAN', body: '123-68-459', image: '/img.png' },
      data: { link: '/game-chart/kalyan' },
    });
    expect(shown.title).toBe('Result: KALYAN');
    expect(shown.options.body).toBe('123-68-459');
    expect(shown.options.image).toBe('/img.png');
    expect(shown.options.data).toEqual({ link: '/game-chart/kalyan' });
  });

  it('falls back to the app name and /home when the payload is thin', () => {
    const shown = notificationFromPayload({});
    expect(shown.title).toBe('Matka Play');
    expect(shown.options.data).toEqual({ link: '/home' });
    expect(shown.options.icon).toBe('/icons/icon-192.png');
  });
});

describe('runtime cache routes', () => {
  it.each([
    ['/api/v1/admin/all-result', RESULT_PATHS, true],
    ['/api/v1/admin/all-starline-result', RESULT_PATHS, true],
    ['/api/v1/admin/all-gali-result', RESULT_PATHS, true],
    ['/api/v1/admin/game-point', STATIC_READ_PATHS, true],
    ['/api/v1/admin/galidisawar-rate', STATIC_READ_PATHS, true],
    ['/api/v1/notices', STATIC_READ_PATHS, true],
    ['/api/v1/user/user-details', STATIC_READ_PATHS, false],
    ['/api/v1/user/main/bids', RESULT_PATHS, false],
  ])('%s matched: %s', (path, patterns, expected) => {
    expect(matchesAny(path, patterns)).toBe(expected);
  });
});

describe('reads saved at install', () => {
  it.each(WARM_READS)('%s is served by the reads route, where a screen looks for it', (path) => {
    expect(matchesAny(path, STATIC_READ_PATHS)).toBe(true);
  });
});
