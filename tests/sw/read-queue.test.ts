import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The read-refresh plugin against a stand-in for workbox's Queue (its IndexedDB store becomes an
// array): what gets queued, what a sync does with each entry. The real Queue in Chromium is
// covered by tests/e2e/read-queue.test.ts.

type Entry = { request: Request };
type SyncOptions = { onSync: (arg: { queue: FakeQueue }) => Promise<void> };

class FakeQueue {
  static last: FakeQueue;
  entries: Entry[] = [];
  syncs = 0;
  constructor(
    readonly name: string,
    readonly options: SyncOptions,
  ) {
    FakeQueue.last = this;
  }
  async getAll() {
    return [...this.entries];
  }
  async pushRequest(entry: Entry) {
    this.entries.push(entry);
    this.syncs++;
  }
  async registerSync() {
    this.syncs++;
  }
  async shiftRequest() {
    return this.entries.shift();
  }
  async unshiftRequest(entry: Entry) {
    this.entries.unshift(entry);
  }
  sync() {
    return this.options.onSync({ queue: this });
  }
}

vi.mock('workbox-background-sync', () => ({ Queue: FakeQueue }));
const { readRefreshQueue } = await import('../../sw/read-queue');

const put = vi.fn(async (_request: Request, _response: Response) => undefined);
const fetchMock = vi.fn<(r: Request) => Promise<Response>>();

const windowMessage = vi.fn();

beforeEach(() => {
  vi.stubGlobal('caches', { open: vi.fn(async () => ({ put })) });
  vi.stubGlobal('clients', { matchAll: async () => [{ postMessage: windowMessage }] });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  put.mockClear();
  fetchMock.mockReset();
  windowMessage.mockClear();
});

const URL_A = 'https://matka.example/api/v1/notices';
const URL_B = 'https://matka.example/api/v1/admin/game-point';

function plugin() {
  const p = readRefreshQueue('reads');
  const fail = (url: string, method = 'GET') =>
    p.fetchDidFail?.({
      request: new Request(url, { method }),
      originalRequest: new Request(url, { method }),
      error: new TypeError('offline'),
      event: new Event('fetch') as ExtendableEvent,
      state: {},
    });
  return { fail, queue: FakeQueue.last };
}

describe('read-refresh queue', () => {
  it('is named after its cache', () => {
    expect(plugin().queue.name).toBe('read-refresh-reads');
  });

  it('queues a failed GET once per URL and asks for a sync again while one waits', async () => {
    const { fail, queue } = plugin();
    await Promise.all([fail(URL_A), fail(URL_A)]);
    await fail(URL_B);
    await fail(URL_A);
    expect(queue.entries.map((e) => e.request.url)).toEqual([URL_A, URL_B]);
    expect(queue.syncs).toBe(4);
  });

  it('keeps no bearer token in the queue: only the URL and its Accept header', async () => {
    const p = readRefreshQueue('reads');
    const queue = FakeQueue.last;
    const request = new Request(URL_A, {
      headers: { authorization: 'Bearer secret-token-123456', accept: 'application/json' },
    });
    await p.fetchDidFail?.({
      request,
      originalRequest: request,
      error: new TypeError('offline'),
      event: new Event('fetch') as ExtendableEvent,
      state: {},
    });
    const queued = queue.entries[0]?.request as Request;
    expect(queued.url).toBe(URL_A);
    expect(queued.headers.get('authorization')).toBeNull();
    expect(queued.headers.get('accept')).toBe('application/json');
    expect(queued.credentials).toBe('omit');
  });

  it('never queues a call that changes something', async () => {
    const { fail, queue } = plugin();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) await fail(URL_A, method);
    expect(queue.entries).toEqual([]);
    expect(queue.syncs).toBe(0);
  });

  it('on sync puts each fresh answer in the cache and drops a refused one', async () => {
    const { fail, queue } = plugin();
    await fail(URL_A);
    await fail(URL_B);
    fetchMock.mockImplementation(async (r) =>
      r.url === URL_A ? new Response('{"data":[]}') : new Response('', { status: 500 }),
    );
    await queue.sync();
    expect(put).toHaveBeenCalledTimes(1);
    expect(put.mock.calls[0]?.[0]).toMatchObject({ url: URL_A });
    expect(queue.entries).toEqual([]);
    // The open screens are told, so they read again (src/lib/sw-messages.ts).
    expect(windowMessage).toHaveBeenCalledExactlyOnceWith({ type: 'READ_REFRESHED', url: URL_A });
  });

  it('still offline at sync time: keeps the entry and fails the sync so the browser retries', async () => {
    const { fail, queue } = plugin();
    await fail(URL_A);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(queue.sync()).rejects.toThrow('Failed to fetch');
    expect(queue.entries.map((e) => e.request.url)).toEqual([URL_A]);
    expect(put).not.toHaveBeenCalled();
  });
});
