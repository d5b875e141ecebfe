import { randomBytes } from 'node:crypto';
import { UUID_RE } from '../../../src/contracts/common';
import type { ResultReport } from '../../../src/contracts/result-feeds';
import { claimPoll, findSource, finishPoll } from '../../db/repositories/result-sources';
import type { Deps } from '../../deps';
import { conflict, notFound, unprocessable } from '../errors';
import { receiveReports } from './receive';

/**
 * The json-url sources: the server GETs each address every RESULT_FEED_POLL_SECONDS, one process
 * at a time per source (a lease on its row), with a time limit and a size cap, and receives what
 * it answers as a push would be received.
 */

/** A source's address must answer within this. */
export const POLL_TIMEOUT_MS = 10_000;
/** And with at most this many bytes (a page of every market's results is a few kilobytes). */
export const POLL_MAX_BYTES = 1_000_000;
/** A poll holds its source this long at most; a process that died mid-poll lets go by then. */
const LEASE_SECONDS = 60;
/** Names this process's polls. */
const INSTANCE = `pid-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Reads `res`'s body as text, refusing it past `max` bytes. */
async function cappedText(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max) throw new Error(`the answer is larger than ${max} bytes`);
  if (!res.body) return '';
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${max} bytes`);
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** GETs a source's address and answers its result objects (an array, or one object). */
export async function fetchResults(url: string): Promise<unknown[]> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(POLL_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new Error(
      timedOut ? `no answer within ${POLL_TIMEOUT_MS / 1000} s` : 'the address could not be reached',
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`the address answered ${res.status}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(await cappedText(res, POLL_MAX_BYTES));
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error('the answer is not JSON');
    throw error;
  }
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') return [body];
  throw new Error('the answer is not a result object or an array of them');
}

export interface PollOutcome {
  source: string;
  reports: ResultReport[];
  error: string | null;
}

/**
 * One poll of a claimed source: its answer received, then the lease given back with the outcome.
 * A failure (no answer, not JSON, too large) is kept on the source for the console.
 */
async function pollClaimed(
  deps: Pick<Deps, 'db' | 'env' | 'clock'>,
  source: { id: string; name: string; url: string | null; markets: Record<string, string> },
): Promise<PollOutcome> {
  let reports: ResultReport[] = [];
  let error: string | null = null;
  try {
    reports = await receiveReports(deps, source, await fetchResults(source.url ?? ''));
  } catch (e) {
    error = e instanceof Error ? e.message.slice(0, 300) : String(e);
  }
  await finishPoll(deps.db, {
    id: source.id,
    by: INSTANCE,
    error,
    everySeconds: deps.env.RESULT_FEED_POLL_SECONDS,
  });
  return { source: source.name, reports, error };
}

/** Polls every json-url source that is due (the worker's tick); answers how many were polled. */
export async function pollDueSources(deps: Pick<Deps, 'db' | 'env' | 'clock'>, max = 20): Promise<number> {
  let n = 0;
  for (; n < max; n++) {
    const source = await claimPoll(deps.db, { by: INSTANCE, leaseSeconds: LEASE_SECONDS });
    if (!source) break;
    await pollClaimed(deps, source);
  }
  return n;
}

/** "Fetch now" (POST /admin/result-sources/{id}/fetch): polls that source at once. */
export async function fetchNow(deps: Pick<Deps, 'db' | 'env' | 'clock'>, id: string): Promise<PollOutcome> {
  const row = UUID_RE.test(id) ? await findSource(deps.db, id) : null;
  if (!row) throw notFound('Result source');
  if (row.kind !== 'json-url')
    throw unprocessable('Only a json-url source is fetched: a push source sends by itself');
  if (!row.enabled) throw unprocessable('This source is switched off: switch it on to fetch it');
  const source = await claimPoll(deps.db, { by: INSTANCE, leaseSeconds: LEASE_SECONDS, id });
  if (!source) throw conflict('This source is being fetched right now: try again in a moment');
  return pollClaimed(deps, source);
}
