import type { ResultEvent } from '../contracts/events';
import type { CacheData } from '../store/cache-slice';
import { useAppStore } from '../store/store';
import { useLive } from './live-status';
import { useNetwork } from './network';
import { applyToGali, applyToMain, applyToStarline, parseResultEvent } from './result-event';

/** A hidden app lets its stream go after this long; it reopens, with what it missed, when shown. */
const HIDDEN_CLOSE_MS = 30_000;
/** How long an applied event is laid again over a list read that may predate it. */
const OVERLAY_MS = 120_000;
const MAX_RETRY_MS = 60_000;

type Kind = 'result' | 'revert';
type ListKey = 'mainGames' | 'starlineGames' | 'galidisawarGames';

const LIST_OF: Record<ResultEvent['family'], ListKey> = {
  main: 'mainGames',
  starline: 'starlineGames',
  galidisawar: 'galidisawarGames',
};

/** The events of the last two minutes, oldest first: laid over a poll's answer that crossed one. */
const recent: { kind: Kind; event: ResultEvent; at: number }[] = [];
/** The lists as this module last wrote them (anything else came from a read). */
const written: Partial<Record<ListKey, unknown>> = {};

function applyAll(key: ListKey, data: CacheData[ListKey], events: typeof recent): CacheData[ListKey] {
  let out = data;
  for (const { kind, event } of events) {
    if (LIST_OF[event.family] !== key) continue;
    if (key === 'mainGames') out = applyToMain(out as CacheData['mainGames'], kind, event);
    else if (key === 'starlineGames') out = applyToStarline(out as CacheData['starlineGames'], kind, event);
    else out = applyToGali(out as CacheData['galidisawarGames'], kind, event);
  }
  return out;
}

function write(key: ListKey, data: CacheData[ListKey]): void {
  written[key] = data;
  useAppStore.setState((s) => ({ cache: { ...s.cache, [key]: { ...s.cache[key], data } } }));
}

/** Applies one event to its family's list on screen (and to charts, through `revisions`). */
export function applyLiveEvent(kind: Kind, event: ResultEvent, now = Date.now()): void {
  while (recent.length > 0 && now - (recent[0]?.at ?? now) > OVERLAY_MS) recent.shift();
  recent.push({ kind, event, at: now });
  const key = LIST_OF[event.family];
  const data = useAppStore.getState().cache[key].data;
  if (data) {
    const next = applyAll(key, data, [{ kind, event, at: now }]);
    if (next !== data) write(key, next);
  }
  useLive.setState((s) => ({
    revisions: {
      ...s.revisions,
      [event.family]: (s.revisions[event.family] ?? 0) + 1,
      [event.gameId]: (s.revisions[event.gameId] ?? 0) + 1,
    },
  }));
}

/**
 * A list read that started before an event and answered after it would put the old result back
 * until the next poll: each new list from a read gets the last two minutes' events laid over it.
 */
function overlayReads(): () => void {
  return useAppStore.subscribe((state, before) => {
    if (recent.length === 0) return;
    for (const key of Object.values(LIST_OF)) {
      const data = state.cache[key].data;
      if (!data || data === before.cache[key].data || data === written[key]) continue;
      const next = applyAll(key, data, recent);
      if (next !== data) write(key, next);
    }
  });
}

let source: EventSource | null = null;
let lastEventId: string | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
let holders = 0;
let cleanups: (() => void)[] = [];

function wanted(): boolean {
  return (
    holders > 0 &&
    typeof EventSource !== 'undefined' &&
    !useNetwork.getState().offline &&
    document.visibilityState !== 'hidden'
  );
}

function close(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
  useLive.setState({ status: 'off' });
}

function open(): void {
  if (source || !wanted()) return;
  const url = lastEventId === null ? '/api/v1/events' : `/api/v1/events?lastEventId=${lastEventId}`;
  const es = new EventSource(url);
  source = es;
  useLive.setState({ status: 'connecting' });
  es.addEventListener('ready', (e) => {
    lastEventId = (e as MessageEvent).lastEventId || lastEventId;
    failures = 0;
    useLive.setState({ status: 'live' });
  });
  for (const kind of ['result', 'revert'] as const) {
    es.addEventListener(kind, (e) => {
      const message = e as MessageEvent<string>;
      lastEventId = message.lastEventId || lastEventId;
      const event = parseResultEvent(message.data);
      if (event) applyLiveEvent(kind, event);
    });
  }
  es.onerror = () => {
    if (source !== es) return;
    // CONNECTING: the browser reconnects by itself (sending Last-Event-ID). CLOSED: it gave up (an
    // answer other than a stream, such as 503 when the server is full): try again later, slower.
    if (es.readyState !== EventSource.CLOSED) {
      useLive.setState({ status: 'connecting' });
      return;
    }
    es.close();
    source = null;
    useLive.setState({ status: 'connecting' });
    const wait = Math.min(MAX_RETRY_MS, 3000 * 2 ** failures++);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open();
    }, wait);
  };
}

/**
 * Opens the app's one result stream (GET /api/v1/events) while at least one holder wants it:
 * events go straight into the market lists in the store, the charts read again, and polling slows
 * down while it is live (lib/use-read.ts). Offline, or hidden for 30 s, it closes; it reopens
 * with the id it had, so the server resends what it missed. Answers the release function.
 */
export function holdLiveResults(): () => void {
  holders += 1;
  if (holders === 1) {
    const onVisibility = () => {
      clearTimeout(hiddenTimer);
      if (document.visibilityState === 'hidden') hiddenTimer = setTimeout(close, HIDDEN_CLOSE_MS);
      else open();
    };
    document.addEventListener('visibilitychange', onVisibility);
    const offNetwork = useNetwork.subscribe((now, before) => {
      if (now.offline && !before.offline) close();
      if (!now.offline && before.offline) open();
    });
    cleanups = [
      () => document.removeEventListener('visibilitychange', onVisibility),
      offNetwork,
      overlayReads(),
    ];
  }
  open();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
    clearTimeout(hiddenTimer);
    close();
  };
}
