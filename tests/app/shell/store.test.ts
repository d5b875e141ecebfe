import { clear, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForHydration } from '../../../src/store/hydration';
import { flushSavedStore } from '../../../src/store/idb-storage';
import { emptyLoadable } from '../../../src/store/loadable';
import { STORE_NAME, STORE_VERSION, useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER } from './helpers';

const initial = useAppStore.getState();

beforeEach(async () => {
  await waitForHydration();
  localStorage.clear();
  useAppStore.setState(initial, true);
  await flushSavedStore();
  await clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function saved(): Promise<{ state: Record<string, unknown>; version: number }> {
  // The store writes the changes of one task together (src/store/idb-storage.ts).
  await flushSavedStore();
  const raw = await get<{ state: Record<string, unknown>; version: number } | string>(STORE_NAME);
  return typeof raw === 'string' ? JSON.parse(raw) : (raw ?? (null as never));
}

describe('persisted store', () => {
  it('saves the user and each read with fetchedAt, never loading flags or errors', async () => {
    mockFetch((c) =>
      c.path === '/api/v1/notices'
        ? ok([{ _id: 'n1', title: 'T', message: 'M', createdAt: 'x' }])
        : undefined,
    );
    useAppStore.getState().signIn('tok-1', PLAYER);
    await useAppStore.getState().load('notices', () => Promise.resolve([]));
    const { state, version } = await saved();
    expect(version).toBe(STORE_VERSION);
    expect(state.user).toEqual(PLAYER);
    const notices = (state.cache as Record<string, Record<string, unknown>>).notices;
    expect(notices).toEqual({ data: [], fetchedAt: expect.any(Number), etag: null });
    expect(JSON.stringify(state)).not.toMatch(/"loading"|"error"/);
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('round-trips: a reload restores the user and the cached reads with clear loading flags', async () => {
    useAppStore.getState().signIn('tok-2', PLAYER);
    await useAppStore
      .getState()
      .load('sliders', () => Promise.resolve([{ _id: 's1', imageUrl: '/a.png', createdAt: 'x' }]));
    const before = await saved();
    // A reload: memory starts empty (this set also saves, so the earlier save is put back).
    useAppStore.setState({
      user: null,
      cache: { ...initial.cache, sliders: { ...emptyLoadable(), loading: true } },
    });
    await saved();
    // A save from before this version's storage: a JSON string.
    await set(STORE_NAME, JSON.stringify(before));
    await useAppStore.persist.rehydrate();
    const s = useAppStore.getState();
    expect(s.user?.name).toBe('Ravi Kumar');
    expect(s.isAuthenticated).toBe(true);
    expect(s.cache.sliders.data).toHaveLength(1);
    expect(s.cache.sliders.loading).toBe(false);
  });

  it('drops the saved user when the token is gone from localStorage', async () => {
    useAppStore.getState().signIn('tok-3', PLAYER);
    await saved();
    localStorage.removeItem('token');
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toBeNull();
    expect(useAppStore.getState().isAuthenticated).toBe(false);
  });

  it('saves the last of the changes made in one task, without waiting for anything else', async () => {
    for (let i = 0; i < 5; i++) useAppStore.getState().signIn(`tok-${i}`, { ...PLAYER, name: `P${i}` });
    // No timer involved: the write starts before this task ends.
    await new Promise((r) => setTimeout(r, 0));
    const raw = await get<{ state: { user: { name: string } } }>(STORE_NAME);
    expect(raw?.state.user.name).toBe('P4');
  });

  it('migrates a version 0 save: the user survives, the old cache does not', async () => {
    localStorage.setItem('token', 'tok-4');
    await set(
      STORE_NAME,
      JSON.stringify({ state: { user: PLAYER, cache: { notices: 'garbage' } }, version: 0 }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user?._id).toBe('u1');
    expect(useAppStore.getState().cache.notices.data).toBeNull();
  });
});

describe('data loads (pending, success, failure)', () => {
  it('pending sets loading and clears the error; failure stores the server body', async () => {
    mockFetch(() => ({ status: 500, body: { status: false, message: 'Database is down' } }));
    const { fetchNotices } = await import('../../../src/api/content');
    useAppStore.setState({
      cache: { ...initial.cache, notices: { ...emptyLoadable(), error: { status: false, message: 'old' } } },
    });
    const promise = useAppStore.getState().load('notices', fetchNotices);
    expect(useAppStore.getState().cache.notices).toMatchObject({ loading: true, error: null });
    await promise;
    expect(useAppStore.getState().cache.notices).toMatchObject({
      loading: false,
      error: { status: false, message: 'Database is down' },
    });
  });

  it('a 304 keeps the data and sends the stored ETag', async () => {
    const calls = mockFetch((c) =>
      c.headers.get('If-None-Match') === '"v1"'
        ? { status: 304 }
        : { ...ok([{ _id: 'g1' }]), headers: { ETag: '"v1"' } },
    );
    const { fetchMainGames } = await import('../../../src/api/games');
    await useAppStore.getState().loadConditional('mainGames', fetchMainGames);
    await useAppStore.getState().loadConditional('mainGames', fetchMainGames);
    expect(calls.map((c) => c.headers.get('If-None-Match'))).toEqual([null, '"v1"']);
    expect(useAppStore.getState().cache.mainGames.data).toEqual([{ _id: 'g1' }]);
    expect(useAppStore.getState().cache.mainGames.etag).toBe('"v1"');
  });
});

describe('family lists kept for offline', () => {
  it('reads only the lists the store has no copy of, and keeps them', async () => {
    const calls = mockFetch((c) =>
      c.path.includes('galidisawar') ? ok([{ _id: 'gali-1' }]) : ok([{ _id: 'star-2' }]),
    );
    const { keepFamilyListsForOffline } = await import('../../../src/lib/offline-lists');
    useAppStore.setState((s) => ({
      cache: { ...s.cache, starlineGames: { ...s.cache.starlineGames, data: [{ _id: 'star-1' }] as never } },
    }));
    await keepFamilyListsForOffline();
    expect(calls.map((c) => c.path)).toHaveLength(1);
    expect(calls[0]?.path).toContain('galidisawar');
    expect(useAppStore.getState().cache.galidisawarGames.data).toEqual([{ _id: 'gali-1' }]);
    expect(useAppStore.getState().cache.starlineGames.data).toEqual([{ _id: 'star-1' }]);
    expect((await saved()).state).toMatchObject({
      cache: { galidisawarGames: { data: [{ _id: 'gali-1' }] } },
    });
  });
});

describe('hydration', () => {
  it('resolves at once when the store has hydrated', async () => {
    await expect(waitForHydration()).resolves.toBe(true);
  });

  it('gives up after the 5000 ms timeout when IndexedDB never answers', async () => {
    vi.useFakeTimers();
    vi.spyOn(useAppStore.persist, 'hasHydrated').mockReturnValue(false);
    const result = waitForHydration();
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe(false);
    vi.restoreAllMocks();
  });
});
