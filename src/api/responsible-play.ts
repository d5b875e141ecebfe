import type { LimitsBody, LimitsState, Pause, PlaySummary } from '../contracts/responsible-play';
import { api } from './client';
import { toApiError } from './errors';
import { getData } from './get';
import type { Envelope } from './types';

export type { LimitsBody, LimitsState, Pause, PlaySummary };

export const LIMITS_FAILED = 'Failed to load your limits';
export const SAVE_LIMITS_FAILED = 'Failed to save your limits';
export const PAUSE_FAILED = 'Failed to pause your account';

/** The player's limits in force, pending changes, usage, pause and reality-check interval. */
export function fetchLimits(): Promise<LimitsState> {
  return getData('user/limits', LIMITS_FAILED);
}

export async function saveLimits(body: LimitsBody): Promise<LimitsState> {
  try {
    return (await api.put('user/limits', { json: body }).json<Envelope<LimitsState>>()).data;
  } catch (error) {
    throw toApiError(error, SAVE_LIMITS_FAILED);
  }
}

/** A time-out of 1, 7 or 30 days, or a self-exclusion of 6, 12 or 60 months: only ever lengthens. */
export async function pauseAccount(
  kind: 'time-out' | 'self-exclusion',
  length: number,
): Promise<NonNullable<Pause>> {
  const path = kind === 'time-out' ? 'user/time-out' : 'user/self-exclusion';
  const json = kind === 'time-out' ? { days: length } : { months: length };
  try {
    return (await api.post(path, { json }).json<Envelope<{ pause: NonNullable<Pause> }>>()).data.pause;
  } catch (error) {
    throw toApiError(error, PAUSE_FAILED);
  }
}

/** Bids, stakes, wins and net since an instant (the reality check). */
export function fetchPlaySummary(since: string): Promise<PlaySummary> {
  return getData('user/play-summary', 'Failed to load your play summary', { since });
}

/** The operator's own help text for the Responsible Play screen ('' when none). */
export async function fetchHelpText(): Promise<string> {
  const data = await getData<{ helpText?: string }>('admin/responsible-play-help', 'Failed to load help');
  return data?.helpText ?? '';
}
