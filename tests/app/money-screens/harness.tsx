import { act, cleanup, render, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAppStore } from '../../../src/store/store';
import { PLAYER } from '../shell/helpers';

export { type Call, mockFetch, ok, PLAYER, renderApp } from '../shell/helpers';

const initial = useAppStore.getState();

/** A signed-in player with betting on (balance 1250) before each test; fetch and toasts reset after. */
export function signedInPlayer(): void {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'tok');
    useAppStore.setState({ ...initial, user: PLAYER, token: 'tok', isAuthenticated: true }, true);
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

export async function renderWithToasts(ui: ReactNode) {
  await act(async () => {
    render(
      <>
        {ui}
        <Toaster />
      </>,
    );
  });
}

export const paged = (data: unknown[], page = 1, totalPages = 1) => ({
  body: {
    status: true,
    message: 'OK',
    data,
    pagination: {
      page,
      limit: 10,
      total: data.length,
      totalPages,
      hasNextPage: page < totalPages,
      hasPreviousPage: page > 1,
    },
  },
});

/** The path of a call without its query string. */
export const pathOf = (path: string): string => path.split('?')[0] ?? path;

/** A table as a player reads it: the column headers, then each body row's cell texts. */
export function tableText(table: HTMLElement): { heads: string[]; rows: string[][] } {
  const heads = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
  return { heads, rows };
}
