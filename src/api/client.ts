import ky from 'ky';

export const NO_TOKEN = 'No token found in cookies';

/**
 * What the client needs from the app above it. src/api sits at the bottom and imports nothing from
 * src/store, src/lib, src/features or src/components, so the app hands these in once at start
 * (src/lib/api-setup.ts, called by src/main.tsx and by the app tests' setup); the install id comes
 * with the registration itself (api/auth.ts).
 */
export type ApiSetup = {
  /** The bearer token, read at every call. */
  token: () => string | null;
  clearToken: () => void;
  /** The player's language, sent as Accept-Language (issue 22). */
  language: () => string;
  /** "Go to the site root" once a session dies (a router navigation in the app). */
  onSessionExpired: () => void;
  /** Told of every outcome so the app knows whether the server can be reached. */
  answered: (response: Response) => Response;
  unreachable: () => void;
  /** The browser said offline and nothing has answered since: reads are not retried. */
  browserOffline: () => boolean;
};

// Handed in when the store starts (lib/api-setup.ts), before any screen can call the server; no
// defaults here: they would only add bytes to the first load.
let setup = {} as ApiSetup;

/** Hands the client what it needs from above; parts left out keep what they were. */
export function configureApi(parts: Partial<ApiSetup>): void {
  setup = { ...setup, ...parts };
}

/** The token the app handed in (user-details checks it before calling). */
export function currentToken(): string | null {
  return setup.token();
}

/** Deletes the stored token and sends the player to /, as a dead session requires (section 4). */
export function expireSession(): void {
  // Several calls can fail at once when a token dies; only the first one navigates.
  const hadToken = setup.token() !== null;
  setup.clearToken();
  if (hadToken) setup.onSessionExpired();
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
    shouldRetry: () => (setup.browserOffline() ? false : undefined),
  },
  // Resolved at call time so tests can replace globalThis.fetch. Every outcome tells the app whether
  // the server is reachable (lib/network.ts): polling backs off and the offline line shows.
  fetch: (input, init) =>
    globalThis.fetch(input, init).then(setup.answered, (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setup.unreachable();
      throw error;
    }),
  hooks: {
    beforeRequest: [
      ({ request }) => {
        // The server answers its messages in the player's language (issue 22).
        request.headers.set('Accept-Language', setup.language());
        const token = setup.token();
        if (token && !request.headers.has('Authorization')) {
          request.headers.set('Authorization', `Bearer ${token}`);
        }
      },
    ],
    afterResponse: [
      ({ request, response }) => {
        // A 401 on a call that carried our token means the session is gone (revoked, expired).
        // Login with a wrong password also answers 401 but carries no token, so it is left alone.
        if (response.status === 401 && request.headers.has('Authorization') && setup.token()) {
          expireSession();
        }
      },
    ],
  },
});
