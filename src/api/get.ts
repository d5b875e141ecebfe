import { api } from './client';
import { toApiError } from './errors';
import type { Envelope } from './types';

/**
 * GET a `{status, data}` envelope and answer its data; failures become ApiError with `fallback`
 * unless the server sent a message.
 */
export async function getData<T>(
  path: string,
  fallback: string,
  searchParams?: Record<string, string | number>,
): Promise<T> {
  try {
    const answer = await api.get(path, { searchParams }).json<Envelope<T>>();
    return answer.data;
  } catch (error) {
    throw toApiError(error, fallback);
  }
}

export type Conditional<T> = { notModified: true } | { notModified: false; data: T; etag: string | null };

/**
 * GET with If-None-Match: the 5 s market polls cost a 304 with no body while nothing changed.
 * @example await getConditional('admin/main-games', '"abc"', 'Error loading games') // {notModified: true}
 */
export async function getConditional<T>(
  path: string,
  etag: string | null,
  fallback: string,
): Promise<Conditional<T>> {
  try {
    const response = await api.get(path, {
      headers: etag ? { 'If-None-Match': etag } : {},
      throwHttpErrors: (status) => status !== 304,
      // The browser cache would turn our 304 into a 200 replay; we keep the copy ourselves.
      cache: 'no-store',
    });
    if (response.status === 304) return { notModified: true };
    const answer = (await response.json()) as Envelope<T>;
    return { notModified: false, data: answer.data, etag: response.headers.get('ETag') };
  } catch (error) {
    throw toApiError(error, fallback);
  }
}
