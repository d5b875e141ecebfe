import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultEvent } from '../../../src/contracts/events';
import type { GaliGame, MainGame, StarlineGame } from '../../../src/contracts/games';
import { holdLiveResults } from '../../../src/lib/live-results';
import { LIVE_POLL_MS, useLive } from '../../../src/lib/live-status';
import { useNetwork } from '../../../src/lib/network';
import { applyToGali, applyToMain, applyToStarline, parseResultEvent } from '../../../src/lib/result-event';
import { useRead } from '../../../src/lib/use-read';
import { emptyCache } from '../../../src/store/cache-slice';
import { succeeded } from '../../../src/store/loadable';
import { useAppStore } from '../../../src/store/store';
import { mainGame } from '../shell/helpers';

// The app's one result stream (src/lib/live-results.ts) against a stand-in EventSource: events go
// into the market lists in the store at once, polling slows down while the stream is live, offline
// and errors close and reopen it with the id it had.

class FakeSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
  emit(type: string, data: unknown, lastEventId: string) {
    this.readyState = FakeSource.OPEN;
    const e = new MessageEvent(type, { data: JSON.stringify(data), lastEventId });
    for (const fn of this.listeners.get(type) ?? []) act(() => fn(e));
  }
  fail(state: number) {
    this.readyState = state;
    act(() => this.onerror?.());
  }
}
const open = () => FakeSource.all.filter((s) => !s.closed);

const DAY = '2026-11-21';
const event = (over: Partial<ResultEvent> = {}): ResultEvent => ({
  family: 'main',
  gameId: 'g1',
  gameName: 'Kalyan',
  resultDate: DAY,
  session: 'open',
  panna: '128',
  digit: '1',
  ...over,
});

let release: (() => void) | null = null;

beforeEach(() => {
  FakeSource.all = [];
  vi.stubGlobal('EventSource', FakeSource);
  useNetwork.setState({ offline: false, lastAnswerAt: null, revision: 0 });
  useLive.setState({ status: 'off', revisions: {} });
  useAppStore.setState({ cache: emptyCache() });
  useAppStore.setState((s) => ({
    cache: {
      ...s.cache,
      mainGames: succeeded([mainGame(), mainGame({ _id: 'g2', gameName: 'Milan' })], 1, '"e1"'),
    },
  }));
});
afterEach(() => {
  release?.();
  release = null;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('applying events to a list (pure)', () => {
  const games = [mainGame(), mainGame({ _id: 'g2' })];
  it('a declared half joins its market of that day; the other half and other markets stay', () => {
    const open1 = applyToMain(games, 'result', event());
    expect(open1[0]?.todayResult).toMatchObject({
      resultDate: DAY,
      openPanna: { panna: '128', digit: '1' },
      closePanna: null,
    });
    expect(open1[1]).toBe(games[1]);
    const close = applyToMain(
      open1,
      'result',
      event({ session: 'close', panna: '259', digit: '6', jodi: '16' }),
    );
    expect(close[0]?.todayResult).toMatchObject({
      openPanna: { panna: '128', digit: '1' },
      closePanna: { panna: '259', digit: '6' },
    });
    expect(applyToMain(close, 'revert', event({ session: null }))[0]?.todayResult).toBeNull();
  });

  it.each([
    ['another market day', event({ resultDate: '2026-11-20' })],
    ['an unknown market', event({ gameId: 'nope' })],
  ])('%s changes nothing (the same array)', (_label, e) => {
    expect(applyToMain(games, 'result', e)).toBe(games);
  });

  it('starline takes the panna and digit, galidisawar the jodi', () => {
    const star = {
      ...mainGame(),
      family: 'starline',
      closeTime: null,
      schedule: null,
    } as unknown as StarlineGame;
    expect(
      applyToStarline([star], 'result', event({ family: 'starline', session: null }))[0]?.todayResult,
    ).toMatchObject({
      panna: '128',
      digit: '1',
    });
    const gali = {
      ...mainGame(),
      family: 'galidisawar',
      closeTime: null,
      schedule: null,
    } as unknown as GaliGame;
    expect(
      applyToGali([gali], 'result', event({ family: 'galidisawar', session: null, jodi: '42' }))[0]
        ?.todayResult,
    ).toMatchObject({ jodiDigit: '42' });
  });

  it.each(['not json', '{"gameId": 1}', '{"family": "other", "gameId": "g", "resultDate": "d"}'])(
    'data that is not a result event is ignored: %s',
    (data) => expect(parseResultEvent(data)).toBeNull(),
  );
});

describe('the stream', () => {
  it('is one EventSource for the whole app, live once ready arrives', () => {
    release = holdLiveResults();
    const second = holdLiveResults();
    expect(open().map((s) => s.url)).toEqual(['/api/v1/events']);
    expect(useLive.getState().status).toBe('connecting');
    open()[0]?.emit('ready', {}, '7');
    expect(useLive.getState().status).toBe('live');
    second();
    expect(open()).toHaveLength(1);
  });

  it('puts a result into the market list on screen at once, and a revert takes it out', () => {
    release = holdLiveResults();
    const source = open()[0] as FakeSource;
    source.emit('ready', {}, '7');
    source.emit('result', event(), '8');
    const games = useAppStore.getState().cache.mainGames.data as MainGame[];
    expect(games[0]?.todayResult?.openPanna).toEqual({ panna: '128', digit: '1' });
    expect(games[1]?.todayResult).toBeNull();
    // The ETag stays: the next poll asks the server and gets the full new list.
    expect(useAppStore.getState().cache.mainGames.etag).toBe('"e1"');
    expect(useLive.getState().revisions).toMatchObject({ main: 1, g1: 1 });
    source.emit('revert', event({ session: null, panna: undefined, digit: undefined }), '9');
    expect((useAppStore.getState().cache.mainGames.data as MainGame[])[0]?.todayResult).toBeNull();
  });

  it('a poll that answers with the list from before the event does not undo it', () => {
    release = holdLiveResults();
    const source = open()[0] as FakeSource;
    source.emit('result', event(), '8');
    act(() =>
      useAppStore.setState((s) => ({
        cache: { ...s.cache, mainGames: succeeded([mainGame(), mainGame({ _id: 'g2' })], 2, '"e0"') },
      })),
    );
    const games = useAppStore.getState().cache.mainGames.data as MainGame[];
    expect(games[0]?.todayResult?.openPanna?.panna).toBe('128');
  });

  it('closes offline and reopens with the last id when the connection is back', () => {
    release = holdLiveResults();
    open()[0]?.emit('ready', {}, '12');
    act(() => useNetwork.setState({ offline: true }));
    expect(open()).toHaveLength(0);
    expect(useLive.getState().status).toBe('off');
    act(() => useNetwork.setState({ offline: false }));
    expect(open().map((s) => s.url)).toEqual(['/api/v1/events?lastEventId=12']);
  });

  it('reopens by itself, slower each time, when the server refuses the stream (CLOSED)', () => {
    vi.useFakeTimers();
    release = holdLiveResults();
    open()[0]?.emit('ready', {}, '3');
    open()[0]?.fail(FakeSource.CLOSED);
    expect(open()).toHaveLength(0);
    expect(useLive.getState().status).toBe('connecting');
    vi.advanceTimersByTime(2999);
    expect(open()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(open().map((s) => s.url)).toEqual(['/api/v1/events?lastEventId=3']);
    open()[0]?.fail(FakeSource.CLOSED);
    vi.advanceTimersByTime(3000);
    expect(open()).toHaveLength(0);
    vi.advanceTimersByTime(3000);
    expect(open()).toHaveLength(1);
    // The browser's own reconnect (CONNECTING) is left to the browser.
    open()[0]?.fail(FakeSource.CONNECTING);
    expect(open()).toHaveLength(1);
  });

  it('without EventSource (an old browser) nothing opens and polling stays as it was', () => {
    vi.stubGlobal('EventSource', undefined);
    release = holdLiveResults();
    expect(FakeSource.all).toHaveLength(0);
    expect(useLive.getState().status).toBe('off');
  });
});

describe('polling while the stream is live', () => {
  function Poller(props: { fetcher: () => Promise<{ notModified: true }> }) {
    useRead({ store: 'mainGames', ifNoneMatch: props.fetcher, poll: true });
    return null;
  }

  it('polls every 5 s without the stream and every 30 s while it is live', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => ({ notModified: true as const }));
    render(<Poller fetcher={fetcher} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(fetcher.mock.calls.length).toBe(3); // at once, 5 s, 10 s
    fetcher.mockClear();
    act(() => useLive.setState({ status: 'live' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_POLL_MS - 1);
    });
    expect(fetcher.mock.calls.length).toBe(1); // at once when the stream became live
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetcher.mock.calls.length).toBe(2);
  });

  it('offline, the stream closing does not start the probes over (no extra poll)', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => ({ notModified: true as const }));
    useLive.setState({ status: 'live' });
    render(<Poller fetcher={fetcher} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetcher.mock.calls.length).toBe(1);
    act(() => useNetwork.setState({ offline: true }));
    act(() => useLive.setState({ status: 'off' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetcher.mock.calls.length).toBe(1);
  });
});
