import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

/**
 * Issue 22: a language's catalogue (assets/lang-hi-*.js, assets/lang-mr-*.js, with its manifest)
 * is not in the precache, so a player who never picks Hindi or Marathi never downloads them. The
 * first time one is chosen it is kept here, and works offline from then on (the file names carry
 * their content hash, so a kept copy never goes stale).
 */
export const LANGUAGE_ASSET = /\/(assets\/lang-(hi|mr|en)-[\w-]+\.js|manifest-(hi|mr)\.webmanifest)$/;

export function registerLanguageCache(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && LANGUAGE_ASSET.test(url.pathname),
    new CacheFirst({
      cacheName: 'languages',
      plugins: [new ExpirationPlugin({ maxEntries: 8 })],
    }),
  );
}
