import { create } from 'zustand';

/**
 * 'live': the result stream is open and its `ready` arrived (so nothing on the way holds it back);
 * 'connecting': opening or reopening; 'off': no stream (offline, hidden, or no EventSource).
 */
export type LiveStatus = 'off' | 'connecting' | 'live';

export type LiveState = {
  status: LiveStatus;
  /** Bumped per family and per market id when an event about it arrives (charts read again). */
  revisions: Record<string, number>;
};

/**
 * The result stream as the screens see it (the stream itself is lib/live-results.ts, loaded after
 * the first screen): polling slows down while it is live, charts read again on a revision.
 */
export const useLive = create<LiveState>(() => ({ status: 'off', revisions: {} }));

/** While the stream is live the lists are still polled, this much slower (a missed event, a proxy). */
export const LIVE_POLL_MS = 30_000;
