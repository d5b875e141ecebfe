import { create } from 'zustand';
import { clock12 } from '../domain/clock12';
import { currentLanguage } from '../i18n/core';
import { tCommon as t } from '../i18n/en/common';
import { LANGUAGE_TAGS } from '../i18n/languages';

/**
 * Whether the server can be reached, as the app last saw it: a request that got no answer, or the
 * browser's `offline` event, makes it offline; any answer from the server, or the `online` event,
 * makes it online again. `navigator.onLine` alone is not trusted (it is true behind a dead Wi-Fi
 * and false on some machines with a working loopback), so the requests themselves decide.
 * `lastAnswerAt` is when the server last answered, kept across launches for the offline line.
 */
export type NetworkState = {
  offline: boolean;
  lastAnswerAt: number | null;
  /**
   * Bumped when what the screens show may be stale: the connection came back, or the worker fetched
   * again a read that had failed offline. Screens that read on open read again (lib/use-read.ts).
   */
  revision: number;
};

const LAST_ANSWER_KEY = 'lastAnswerAt';

function savedLastAnswer(): number | null {
  try {
    const n = Number(localStorage.getItem(LAST_ANSWER_KEY));
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export const useNetwork = create<NetworkState>(() => ({
  offline: false,
  lastAnswerAt: savedLastAnswer(),
  revision: 0,
}));

/** Screens read again (see `revision`). */
export function bumpRevision(): void {
  useNetwork.setState((s) => ({ revision: s.revision + 1 }));
}

function backOnline(): void {
  if (useNetwork.getState().offline) {
    useNetwork.setState((s) => ({ offline: false, revision: s.revision + 1 }));
  }
}

/** The header a worker adds when it answers from its cache because the network failed. */
export const FROM_CACHE_HEADER = 'X-From-Cache';

/** The minute a time falls in: the offline line shows hours and minutes only. */
const minuteOf = (at: number): number => Math.floor(at / 60_000);

/**
 * The server answered (any status): online, and now is the last time it was reached. The time is
 * kept (and written to storage) once a minute: the offline line reads the same for every answer
 * within one, and home's 5 s polls would otherwise write storage, synchronously on the main
 * thread, and re-render the line's readers on every answer.
 */
export function markAnswered(now = Date.now()): void {
  browserOffline = false;
  backOnline();
  const last = useNetwork.getState().lastAnswerAt;
  if (last !== null && minuteOf(last) === minuteOf(now)) return;
  useNetwork.setState({ lastAnswerAt: now });
  try {
    localStorage.setItem(LAST_ANSWER_KEY, String(now));
  } catch {
    // Storage full or refused: the time is still known to this page.
  }
}

/** A request got no answer (or only the worker's cached copy). */
export function markUnreachable(): void {
  if (!useNetwork.getState().offline) useNetwork.setState({ offline: true });
}

/**
 * The browser said `offline` and nothing has answered since: retrying a read now is pointless (the
 * client does not, api/client.ts); polling still probes with its back-off.
 */
let browserOffline = false;
export function browserSaysOffline(): boolean {
  return browserOffline;
}

/** Counts the browser's `offline` events: a request notes the count it was sent under. */
let offlineEvents = 0;
export function offlineEventCount(): number {
  return offlineEvents;
}

/**
 * Classifies one fetch outcome; a cached copy from the worker means the network failed. `sentAt`
 * is offlineEventCount() when the request left: an answer to a request sent before the browser
 * said offline tells nothing about the network now, so it does not end the offline state (taken as
 * "online", every screen read again, and those reads failed and retried).
 */
export function noteResponse(response: Response, sentAt = offlineEvents): Response {
  if (response.headers.has(FROM_CACHE_HEADER)) markUnreachable();
  else if (!(browserOffline && sentAt !== offlineEvents)) markAnswered();
  return response;
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOffline = true;
    offlineEvents += 1;
    markUnreachable();
  });
  window.addEventListener('online', () => {
    browserOffline = false;
    backOnline();
  });
}

/**
 * "Offline - last updated hh:mm AM/PM" (the time of day, in the player's clock, written as every
 * other time in the app is: issue 49), with the day added when it was not today.
 * @example offlineLine(new Date('2026-11-24T18:05:00').getTime(), new Date('2026-11-24T20:00:00')) // 'Offline - last updated 06:05 PM'
 */
export function offlineLine(at: number | null, now = new Date(), lead = t('offlineLastUpdated')): string {
  if (at === null) return t('offlineNothingSaved');
  const d = new Date(at);
  const hhmm = clock12(d.getHours(), d.getMinutes());
  if (d.toDateString() === now.toDateString()) return `${lead} ${hhmm}`;
  const day = d.toLocaleDateString(LANGUAGE_TAGS[currentLanguage()], {
    day: 'numeric',
    month: 'short',
    numberingSystem: 'latn',
  });
  return `${lead} ${hhmm}, ${day}`;
}
