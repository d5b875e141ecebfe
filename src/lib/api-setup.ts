import { configureApi, expireSession } from '../api/client';
import { currentLanguage } from '../i18n/core';
import { clearToken, getToken } from '../store/token';
import { browserSaysOffline, markUnreachable, noteResponse, offlineEventCount } from './network';

let ready = false;

/**
 * Hands src/api what it needs from the app (it imports nothing above itself): the token, the
 * language, the network watch and the 401 rule. The store calls it when it starts
 * (src/store/store.ts, before any screen can call the server), the app tests' setup too; once is
 * enough. src/main.tsx adds its router navigation for a dead session (setSessionExpiredHandler).
 */
export function setUpApi(): void {
  if (ready) return;
  ready = true;
  configureApi(
    {
      // Reads retry with back-off on a flaky network, but not once the browser says it is offline.
      retry: { shouldRetry: () => (browserSaysOffline() ? false : undefined) },
      // Resolved at call time so tests can replace globalThis.fetch. Every outcome tells the app
      // whether the server is reachable (lib/network.ts): polling backs off and the offline line shows.
      fetch: (input, init) => {
        const sentAt = offlineEventCount();
        return globalThis.fetch(input, init).then(
          (response) => noteResponse(response, sentAt),
          (error: unknown) => {
            if (!(error instanceof DOMException && error.name === 'AbortError')) markUnreachable();
            throw error;
          },
        );
      },
      hooks: {
        beforeRequest: [
          ({ request }) => {
            // The server answers its messages in the player's language (issue 22).
            request.headers.set('Accept-Language', currentLanguage());
            const token = getToken();
            if (token && !request.headers.has('Authorization')) {
              request.headers.set('Authorization', `Bearer ${token}`);
            }
          },
        ],
        afterResponse: [
          ({ request, response }) => {
            // A 401 on a call that carried our token means the session is gone (revoked, expired).
            // Login with a wrong password also answers 401 but carries no token, so it is left alone.
            if (response.status === 401 && request.headers.has('Authorization') && getToken()) {
              expireSession();
            }
          },
        ],
      },
    },
    { token: getToken, clearToken },
  );
}
