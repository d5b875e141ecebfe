import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/api/client';
import { OfflineBanner } from '../../../src/components/offline-banner';
import { markAnswered, offlineLine, useNetwork } from '../../../src/lib/network';
import { listenToWorker } from '../../../src/lib/sw-messages';
import { usePolling } from '../../../src/lib/use-polling';

// What the app believes about the connection (src/lib/network.ts), decided by its own requests:
// the offline line, polling that backs off offline and comes back at once, and the worker's
// messages (push toasts, notification taps, refreshed reads) on any screen.

const at = (hhmm: string, day = '2026-11-24') => new Date(`${day}T${hhmm}:00`).getTime();

beforeEach(() => {
  useNetwork.setState({ offline: false, lastAnswerAt: null, revision: 0 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('offline line', () => {
  it('says when the server last answered, with the day when it was not today', () => {
    const now = new Date(`2026-11-24T20:00:00`);
    expect(offlineLine(at('18:05'), now)).toBe('Offline - last updated 06:05 PM');
    expect(offlineLine(at('07:30', '2026-11-23'), now)).toBe('Offline - last updated 07:30 AM, 23 Nov');
    expect(offlineLine(null, now)).toBe('Offline - nothing saved yet');
  });

  it('shows on top of the screen only while the server cannot be reached', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => markAnswered(at('18:05')));
    act(() => window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toBe(offlineLine(at('18:05'), new Date()));
    act(() => window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('requests decide', () => {
  it('keeps the time of the first answer in each minute, in memory and in storage', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    markAnswered(at('18:05') + 2_000);
    markAnswered(at('18:05') + 30_000);
    markAnswered(at('18:05') + 59_000);
    expect(useNetwork.getState().lastAnswerAt).toBe(at('18:05') + 2_000);
    expect(setItem.mock.calls.filter(([key]) => key === 'lastAnswerAt')).toHaveLength(1);
    markAnswered(at('18:06') + 1_000);
    expect(useNetwork.getState().lastAnswerAt).toBe(at('18:06') + 1_000);
    expect(localStorage.getItem('lastAnswerAt')).toBe(String(at('18:06') + 1_000));
    expect(setItem.mock.calls.filter(([key]) => key === 'lastAnswerAt')).toHaveLength(2);
    setItem.mockRestore();
  });

  it('a request without an answer means offline; the next answer means online and reads again', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('games').json()).rejects.toThrow();
    expect(useNetwork.getState().offline).toBe(true);
    const revision = useNetwork.getState().revision;
    vi.stubGlobal('fetch', async () => new Response('{"status":true,"data":[]}', { status: 200 }));
    await api.get('games').json();
    expect(useNetwork.getState()).toMatchObject({ offline: false, revision: revision + 1 });
    expect(useNetwork.getState().lastAnswerAt).toBeGreaterThan(0);
  });

  it('an answer to a request sent before the browser said offline leaves it offline', async () => {
    // A read on its way when the connection drops can still be answered: that tells nothing about
    // the network now, and taking it as "online" made every screen read again (issue 45).
    const pending: { answer?: (r: Response) => void } = {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (pending.answer = resolve)));
    const read = api.get('games').json();
    await vi.waitFor(() => expect(pending.answer).toBeDefined());
    act(() => window.dispatchEvent(new Event('offline')));
    const revision = useNetwork.getState().revision;
    pending.answer?.(new Response('{"status":true,"data":[]}', { status: 200 }));
    await read;
    expect(useNetwork.getState()).toMatchObject({ offline: true, revision });
    // A request sent after the drop that is answered does bring it back.
    vi.stubGlobal('fetch', async () => new Response('{"status":true,"data":[]}', { status: 200 }));
    await api.get('games').json();
    expect(useNetwork.getState()).toMatchObject({ offline: false, revision: revision + 1 });
  });

  it('a copy the worker took from its cache is not an answer from the server', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"status":true,"data":[]}', { headers: { 'X-From-Cache': '1' } }),
    );
    await api.get('notices').json();
    expect(useNetwork.getState().offline).toBe(true);
  });

  it('an error status is still an answer: the server is reachable', async () => {
    useNetwork.setState({ offline: true });
    vi.stubGlobal('fetch', async () => new Response('{"status":false,"message":"x"}', { status: 400 }));
    await expect(api.post('bids', { json: {} }).json()).rejects.toThrow();
    expect(useNetwork.getState().offline).toBe(false);
  });
});

function Poller({ task }: { task: () => Promise<unknown> }) {
  usePolling(task);
  return null;
}

describe('polling on a bad network', () => {
  it('backs off offline (10, 20, 40, 60 s) and polls at once when the connection returns', async () => {
    vi.useFakeTimers();
    let online = true;
    const task = vi.fn(async () => {
      if (online) markAnswered();
      else useNetwork.setState({ offline: true });
    });
    render(<Poller task={task} />);
    await act(async () => vi.advanceTimersByTimeAsync(20_000));
    expect(task).toHaveBeenCalledTimes(5); // 0, 5, 10, 15, 20 s
    online = false;
    task.mockClear();
    // Offline for 80 s: the poll fails at 25 s, then probes at 35, 55 and 95 s only.
    await act(async () => vi.advanceTimersByTimeAsync(80_000));
    expect(task.mock.calls.length).toBeLessThanOrEqual(4);
    expect(task.mock.calls.length).toBeGreaterThanOrEqual(3);
    task.mockClear();
    online = true;
    act(() => window.dispatchEvent(new Event('online')));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(task).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(task).toHaveBeenCalledTimes(3); // every 5 s again
  });

  it('does not poll while the page is hidden and polls at once when it shows again', async () => {
    vi.useFakeTimers();
    const task = vi.fn(async () => undefined);
    render(<Poller task={task} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(task).toHaveBeenCalledTimes(1);
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(task).toHaveBeenCalledTimes(1);
    state.mockReturnValue('visible');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(task).toHaveBeenCalledTimes(2);
    state.mockRestore();
  });
});

describe('messages from the worker', () => {
  function fakeContainer() {
    const target = new EventTarget();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: target });
    return (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
  }

  it('a foreground push is a toast on any screen, without Firebase', async () => {
    const post = fakeContainer();
    render(<Toaster />);
    const stop = listenToWorker(() => undefined);
    act(() => {
      post({
        isFirebaseMessaging: true,
        messageType: 'push-received',
        notification: { title: 'Result', body: 'KALYAN 123-6' },
      });
    });
    expect(await screen.findByText('Result: KALYAN 123-6')).toBeTruthy();
    stop();
  });

  it('a notification tap routes the open window; a refreshed read makes screens read again', () => {
    const post = fakeContainer();
    const navigate = vi.fn();
    const stop = listenToWorker(navigate);
    post({ type: 'OPEN_LINK', path: '/win-history/main' });
    post({ type: 'OPEN_LINK', path: 'https://evil.example/' });
    post({ type: 'OPEN_LINK', path: '//evil.example/' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/win-history/main');
    post({ type: 'READ_REFRESHED', url: 'https://matka.example/api/v1/notices' });
    expect(useNetwork.getState().revision).toBe(1);
    stop();
  });
});
