import { ApiError } from '../api/errors';
import type { ErrorBody } from '../api/types';

/**
 * One server read as a slice holds it (docs/product.md section 4): pending sets loading and clears the
 * error, success stores data with fetchedAt, failure stores the server's body as the error.
 */
export type Loadable<T> = {
  data: T | null;
  fetchedAt: number | null;
  etag: string | null;
  loading: boolean;
  error: ErrorBody | null;
};

export function emptyLoadable<T>(): Loadable<T> {
  return { data: null, fetchedAt: null, etag: null, loading: false, error: null };
}

export function pending<T>(prev: Loadable<T>): Loadable<T> {
  return { ...prev, loading: true, error: null };
}

export function succeeded<T>(data: T, now: number, etag: string | null = null): Loadable<T> {
  return { data, fetchedAt: now, etag, loading: false, error: null };
}

export function failed<T>(prev: Loadable<T>, error: unknown): Loadable<T> {
  return { ...prev, loading: false, error: errorBodyOf(error) };
}

/** The server's error body when there was one, else an envelope-shaped body with our message. */
export function errorBodyOf(error: unknown): ErrorBody {
  if (error instanceof ApiError) return error.body ?? { status: false, message: error.message };
  return { status: false, message: error instanceof Error ? error.message : String(error) };
}

/** What is saved of a read: its data and freshness, never its loading flag or error. */
export function savedPart<T>(l: Loadable<T>): Pick<Loadable<T>, 'data' | 'fetchedAt' | 'etag'> {
  return { data: l.data, fetchedAt: l.fetchedAt, etag: l.etag };
}
