import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '../../../src/api/client';
import { fetchUserDetails } from '../../../src/api/user';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER } from './helpers';

const initial = useAppStore.getState();
const expired = vi.fn();

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
  expired.mockReset();
  setSessionExpiredHandler(expired);
});
afterEach(() => vi.unstubAllGlobals());

describe('session check (user-details)', () => {
  it('fails with "No token found in cookies" and calls nothing without a token', async () => {
    const calls = mockFetch(() => ok(PLAYER));
    await expect(fetchUserDetails()).rejects.toThrow('No token found in cookies');
    expect(calls).toHaveLength(0);
  });

  it('reads the user with the bearer token', async () => {
    localStorage.setItem('token', 'abc');
    const calls = mockFetch(() => ok(PLAYER));
    await expect(fetchUserDetails()).resolves.toEqual(PLAYER);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc');
  });

  it.each([401, 403, 404])(
    'a %i answer deletes the token, goes to / and fails with the expiry message',
    async (status) => {
      localStorage.setItem('token', 'abc');
      mockFetch(() => ({ status, body: { status: false, message: 'nope' } }));
      await expect(fetchUserDetails()).rejects.toThrow('Session expired, please login again');
      expect(localStorage.getItem('token')).toBeNull();
      expect(expired).toHaveBeenCalledTimes(1);
    },
  );

  it('refreshUser on an expired session clears the player and stores the error', async () => {
    localStorage.setItem('token', 'abc');
    useAppStore.setState({ user: PLAYER, isAuthenticated: true, token: 'abc' });
    mockFetch(() => ({ status: 401, body: { status: false, message: 'Token expired' } }));
    await useAppStore.getState().refreshUser();
    const s = useAppStore.getState();
    expect(s.user).toBeNull();
    expect(s.isAuthenticated).toBe(false);
    expect(s.error?.message).toBe('Session expired, please login again');
  });

  it.each([500, 502, 503, 429])(
    'a %i answer (the server cannot answer now) keeps the session, as a network failure does',
    async (status) => {
      localStorage.setItem('token', 'abc');
      useAppStore.setState({ user: PLAYER, isAuthenticated: true });
      mockFetch(() => ({ status, body: { status: false, message: 'Please try again' } }));
      await useAppStore.getState().refreshUser();
      expect(localStorage.getItem('token')).toBe('abc');
      expect(useAppStore.getState().user).toEqual(PLAYER);
      expect(expired).not.toHaveBeenCalled();
    },
  );

  it('a network failure keeps the session (offline play)', async () => {
    localStorage.setItem('token', 'abc');
    useAppStore.setState({ user: PLAYER, isAuthenticated: true });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await useAppStore.getState().refreshUser();
    expect(localStorage.getItem('token')).toBe('abc');
    expect(useAppStore.getState().user).toEqual(PLAYER);
    expect(expired).not.toHaveBeenCalled();
  });

  it('a login answering 401 (no token sent) is not a session expiry', async () => {
    mockFetch(() => ({ status: 401, body: { status: false, message: 'Invalid phone or password' } }));
    const { login } = await import('../../../src/api/auth');
    await expect(login('9876543210', 'wrongpw')).rejects.toThrow('Invalid phone or password');
    expect(expired).not.toHaveBeenCalled();
  });
});
