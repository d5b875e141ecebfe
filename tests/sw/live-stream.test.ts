import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_ASSET } from '../../sw/language-cache';
import { isLiveStream, registerLiveStreamPassThrough } from '../../sw/live-stream';
import { matchesAny, RESULT_PATHS, STATIC_READ_PATHS } from '../../sw/runtime-cache';

// The live results stream must reach the page straight from the network: the worker neither caches
// nor answers it (a worker's copy would hold every result back until the stream ended).

const ORIGIN = 'https://matka.example';

describe('the live results stream in the service worker', () => {
  it.each([
    ['GET', '/api/v1/events', true],
    ['GET', '/api/v1/events?lastEventId=42', true],
    ['POST', '/api/v1/events', false],
    ['GET', '/api/v1/events/extra', false],
    ['GET', '/api/v1/admin/main-games', false],
  ])('%s %s is the stream: %s', (method, path, expected) => {
    expect(isLiveStream({ method, url: `${ORIGIN}${path}` })).toBe(expected);
  });

  it('no cached route of the worker matches it', () => {
    for (const patterns of [RESULT_PATHS, STATIC_READ_PATHS])
      expect(matchesAny('/api/v1/events', patterns)).toBe(false);
    expect(LANGUAGE_ASSET.test('/api/v1/events')).toBe(false);
  });

  it('its fetch listener hides the stream from every later listener and answers nothing', () => {
    let listener: ((event: unknown) => void) | undefined;
    registerLiveStreamPassThrough({
      addEventListener: (_type: string, fn: (event: unknown) => void) => {
        listener = fn;
      },
    } as unknown as ServiceWorkerGlobalScope);
    const event = (path: string) => ({
      request: { method: 'GET', url: `${ORIGIN}${path}` },
      stopImmediatePropagation: vi.fn(),
      respondWith: vi.fn(),
    });
    const stream = event('/api/v1/events');
    listener?.(stream);
    expect(stream.stopImmediatePropagation).toHaveBeenCalledOnce();
    expect(stream.respondWith).not.toHaveBeenCalled();
    const read = event('/api/v1/admin/main-games');
    listener?.(read);
    expect(read.stopImmediatePropagation).not.toHaveBeenCalled();
  });
});
