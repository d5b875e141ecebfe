import ky, { HTTPError } from 'ky';
import type { Envelope, ErrorBody } from '../api/types';

/** The operator's token lives for the browser tab only (sessionStorage), apart from any player's. */
const TOKEN_KEY = 'adminToken';

export const adminToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

let onSignedOut: () => void = () => undefined;
/** What happens when the server says the token is gone (the console shows the login). */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

/**
 * The console's client: the same API and envelope as the app (src/api/types), with the operator's
 * bearer token. It is not the app's client (src/api/client.ts) because that one carries the
 * player's token, language and offline bookkeeping, none of which an operator's tab has.
 */
export const http = ky.create({
  prefix: '/api/v1',
  baseUrl: typeof location === 'undefined' ? undefined : location.origin,
  timeout: 30_000,
  retry: { limit: 1, methods: ['get'] },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = adminToken.get();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      ({ response }) => {
        if (response.status === 401 && adminToken.get()) {
          adminToken.clear();
          onSignedOut();
        }
      },
    ],
  },
});

/** The server's message for a failed call, else `fallback`. */
export function messageOf(error: unknown, fallback = 'Operation failed. Please try again.'): string {
  if (error instanceof HTTPError) {
    const data = error.data as Partial<ErrorBody> | undefined;
    // The field messages that say more than the message itself (a zod refusal repeats it).
    const detail = data?.errors
      ? Object.values(data.errors)
          .filter((m) => m !== data.message)
          .join(' ')
      : '';
    return [data?.message, detail].filter(Boolean).join(': ') || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

export type { Envelope };

/** A write (POST, PUT, PATCH, DELETE) and its envelope. Reads go through read.ts. */
export async function send<T>(method: 'post' | 'put' | 'patch' | 'delete', path: string, json?: unknown) {
  const answer = await http(path, { method, json }).json<Envelope<T>>();
  // A write may have approved what waited for this operator: the menu's count reads again (waiting.ts).
  window.dispatchEvent(new Event(WROTE));
  return answer;
}

/** The event every successful write sends on `window`. */
export const WROTE = 'console-wrote';

/**
 * Uploads a file as the request's body with its content type and query (POST /admin/bank-statements,
 * /admin/payouts/results?dryRun=true).
 */
export async function sendFile<T>(
  path: string,
  file: Blob | string,
  contentType: string,
  params: Record<string, string> = {},
) {
  return http
    .post(path, { body: file, headers: { 'content-type': contentType }, searchParams: params })
    .json<Envelope<T>>();
}
