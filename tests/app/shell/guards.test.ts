import { isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bettingGuard, protectedGuard, publicGuard } from '../../../src/routes/guards';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER } from './helpers';

const initial = useAppStore.getState();

/** Runs a guard and answers where it redirects to, or null when it lets the player through. */
async function target(guard: () => Promise<void>): Promise<string | null> {
  try {
    await guard();
    return null;
  } catch (e) {
    if (isRedirect(e)) return String(e.options.to);
    throw e;
  }
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});
afterEach(() => vi.unstubAllGlobals());

describe('route guards', () => {
  it('public / sends a signed-in player to /home and lets others in', async () => {
    expect(await target(publicGuard)).toBeNull();
    localStorage.setItem('token', 't');
    expect(await target(publicGuard)).toBe('/home');
  });

  it('protected routes send a player without a token to /', async () => {
    expect(await target(protectedGuard)).toBe('/');
    localStorage.setItem('token', 't');
    expect(await target(protectedGuard)).toBeNull();
  });

  it('betting routes need a token and globel_batting', async () => {
    expect(await target(bettingGuard)).toBe('/');
    localStorage.setItem('token', 't');
    useAppStore.setState({ user: { ...PLAYER, globel_batting: false } });
    expect(await target(bettingGuard)).toBe('/home');
    useAppStore.setState({ user: PLAYER });
    expect(await target(bettingGuard)).toBeNull();
  });

  it('without a saved user the betting guard asks the server first', async () => {
    localStorage.setItem('token', 't');
    const calls = mockFetch((c) =>
      c.path === '/api/v1/user/user-details' ? ok({ ...PLAYER, globel_batting: false }) : undefined,
    );
    expect(await target(bettingGuard)).toBe('/home');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer t');
  });

  it('a refused token on the betting check ends at / with the token removed', async () => {
    localStorage.setItem('token', 'dead');
    mockFetch(() => ({ status: 401, body: { status: false, message: 'Invalid token' } }));
    expect(await target(bettingGuard)).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
