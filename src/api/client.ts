import ky, { type Options } from 'ky';

export const NO_TOKEN = 'No token found in cookies';

/** The session as the app above keeps it (src/store/token.ts): read and delete the token. */
export type Session = { token: () => string | null; clearToken: () => void };

// Handed in when the store starts (lib/api-setup.ts), before any screen can call the server.
let session: Session;

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

/** The token the app keeps (user-details checks it before calling). */
export function currentToken(): string | null {
  return session.token();
}

/** Deletes the stored token and sends the player to /, as a dead session requires (section 4). */
export function expireSession(): void {
  // Several calls can fail at once when a token dies; only the first one navigates.
  const hadToken = session.token() !== null;
  session.clearToken();
  if (hadToken) onSessionExpired();
}

/**
 * The one HTTP client. No timeout (docs/product.md section 9: the client's own timeout is none); only
 * idempotent GETs are retried so a bid or a fund request is never sent twice by the client itself.
 * src/api imports nothing above itself: the app adds its headers (token, language), its network
 * watch and the 401 rule once at start (configureApi, from lib/api-setup.ts).
 */
export let api = ky.create({
  prefix: '/api/v1',
  // Explicit origin so the client also works where Request cannot resolve relative URLs (tests).
  baseUrl: typeof location === 'undefined' ? undefined : location.origin,
  timeout: false,
  retry: { limit: 2, methods: ['get'], statusCodes: [408, 429, 500, 502, 503, 504] },
});

/**
 * Adds the app's options to the client (ky deep-merges them: hooks are appended, retry merged) and
 * its session. Every module reads `api` when it calls, so they all get the configured client.
 */
export function configureApi(options: Options, app: Session): void {
  api = api.extend(options);
  session = app;
}
