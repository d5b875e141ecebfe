import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { expect, vi } from 'vitest';
import type { MainGame, User } from '../../../src/api/types';
import { routeTree } from '../../../src/router';
import { useAppStore } from '../../../src/store/store';

export type Call = { method: string; path: string; body: unknown; headers: Headers };
type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: Call) => Reply | undefined;

/**
 * Replaces fetch: each request is recorded and answered by the first handler that returns a reply
 * (unknown paths answer 404 with an envelope), so tests see exactly what the client sent.
 */
export function mockFetch(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const reply = handler(call) ?? { status: 404, body: { status: false, message: 'Not found' } };
    const status = reply.status ?? 200;
    return new Response(status === 304 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  return calls;
}

export const PLAYER: User = {
  _id: 'u1',
  name: 'Ravi Kumar',
  phone: '9876543210',
  image: null,
  isVerified: true,
  balance: 1250,
  globel_batting: true,
  isBlocked: false,
  referralCode: 'RAVI1',
  referralPoint: 0,
  language: 'en',
  referralCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** A stored token and PLAYER in the store, as after a login. */
export function signInPlayer(): void {
  localStorage.setItem('token', 'tok');
  useAppStore.setState({ user: PLAYER, isAuthenticated: true });
}

type Day = { openTime: string; closeTime: string; marketStatus: boolean };

/** The same times and status on every weekday. */
export function everyDay(day: Day): NonNullable<MainGame['schedule']> {
  const week = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
  return Object.fromEntries(week.map((d) => [d, day])) as NonNullable<MainGame['schedule']>;
}

/** Kalyan, 10:00 to 22:00 every day, running, no result yet; `over` changes what a test needs. */
export function mainGame(over: Partial<MainGame> = {}): MainGame {
  return {
    _id: 'g1',
    family: 'main',
    gameName: 'Kalyan',
    openTime: '10:00',
    closeTime: '22:00',
    isActive: true,
    currentMarketStatus: true,
    marketStatus: true,
    autoResult: false,
    marketDay: '2026-11-21',
    createdAt: '2026-11-01T00:00:00Z',
    schedule: everyDay({ openTime: '10:00', closeTime: '22:00', marketStatus: true }),
    todayResult: null,
    ...over,
  };
}

export const ok = (data: unknown, extra: Record<string, unknown> = {}): Reply => ({
  body: { status: true, message: 'OK', data, ...extra },
});

/** Renders the real route tree at `path` with an in-memory history; answers the router. */
export async function renderApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    render(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
    );
  });
  // Screens are lazy chunks: the first render of a route waits for its module.
  await waitFor(() => expect(router.state.status).toBe('idle'), { timeout: 5000 });
  return router;
}
