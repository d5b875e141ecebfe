import { HTTPError } from 'ky';
import { SESSION_EXPIRED } from '../contracts/messages';
import { api, currentToken, expireSession, NO_TOKEN } from './client';
import { ApiError, toApiError } from './errors';
import type { Envelope, User } from './types';

/**
 * The session check of docs/product.md section 4: reads user-details with the bearer token. No token
 * fails with 'No token found in cookies'; an answer that refuses the session (401, 403 and the
 * other 4xx) deletes the token, goes to / and fails with 'Session expired, please login again'.
 * A network failure, and an answer that only says the server cannot answer now (5xx, 408, 429:
 * a database blip, a restart, a rate limit), keeps the session: this call is polled every 5 s,
 * and a failover must not sign every player out.
 */
const TRANSIENT = (status: number) => status >= 500 || status === 408 || status === 429;

export async function fetchUserDetails(): Promise<User> {
  if (!currentToken()) throw new ApiError(NO_TOKEN, null, null);
  try {
    const answer = await api.get('user/user-details').json<Envelope<User>>();
    return answer.data;
  } catch (error) {
    if (error instanceof HTTPError && !TRANSIENT(error.response.status)) {
      expireSession();
      // The session check fails with its own message whatever the server said (section 4).
      throw new ApiError(SESSION_EXPIRED, error.response.status, { status: false, message: SESSION_EXPIRED });
    }
    throw toApiError(error, 'Network error, please check your connection');
  }
}
