import ky from 'ky';
import { currentLanguage } from '../i18n/core';
import { browserSaysOffline, markUnreachable, noteResponse } from '../lib/network';
import { clearToken, getToken } from '../store/token';

export const NO_TOKEN = 'No token found in cookies';

type SessionExpiredHandler = () => void;

// The app replaces this with a router navigation once the router exists (src/main.tsx); the
// default keeps the rule working in tests and before the router mounts.
let onSessionExpired: SessionExpiredHandler = () => {
  if (window.location.pathname !== '/') window.location.assign('/');
};

/** Lets the app decide how "go to the site root" happens when a session dies. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/** Deletes the stored token and sends the player to /, as a dead session requires (section 4). */
export function expireSession(): void {
  // Several calls can fail at once when a token dies; only the first one navigates.
  const hadToken = getToken() !== null;
  clearToken();
  if (hadToken) onSessionExpired();
}

/**
 * The one HTTP client. No timeout (product.md section 9: the client's own timeout is none); only
 * idempotent GETs are retried so a bid or a fund request is never sent twice by the client itself.
 */
export const api = ky.create({
  prefix: '/api/v1',
  // Explicit origin so the client also works where Request cannot resolve relative URLs (tests).
  baseUrl: typeof location === 'undefined' ? undefined : location.origin,
  timeout: false,
  // Reads retry with back-off on a flaky network, but not once the browser says it is offline.
  retry: {
    limit: 2,
    methods: ['get'],
    statusCodes: [408, 429, 500, 502, 503, 504],
    shouldRetry: () => (browserSaysOffline() ? false : undefined),
  },
  // Resolved at call time so tests can replace globalThis.fetch. Every outcome tells the app whether
  // the server is reachable (lib/network.ts): polling backs off and the offline line shows.
  fetch: (input, init) =>
    globalThis.fetch(input, init).then(noteResponse, (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) markUnreachable();
      throw error;
    }),
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
});
