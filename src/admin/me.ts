import { useSyncExternalStore } from 'react';
import { adminToken } from './api';
import { readData } from './read';
import type { Me } from './types';

// Who is signed in to this tab: asked of the server once (GET /admin/me) by the route guard
// (guards.ts) before any screen loads, then kept here for every screen to read with useMe().

export type { Me };

let me: Me | null = null;
let asked: Promise<Me | null> | null = null;
const listeners = new Set<() => void>();

function set(next: Me | null): void {
  me = next;
  asked = Promise.resolve(next);
  for (const listener of listeners) listener();
}

/** GET /admin/me with this tab's token, if it has one; a token the server refuses is dropped. */
async function ask(): Promise<Me | null> {
  if (!adminToken.get()) return null;
  try {
    set(await readData<Me>('admin/me'));
  } catch {
    adminToken.clear();
    set(null);
  }
  return me;
}

export const session = {
  /** The operator, asking the server the first time only (every guard run after is free). */
  ensure(): Promise<Me | null> {
    asked ??= ask();
    return asked;
  },
  /** Signed in: the token is stored, then who it belongs to is read. */
  async signIn(token: string): Promise<Me> {
    adminToken.set(token);
    const answer = await readData<Me>('admin/me');
    set(answer);
    return answer;
  },
  /** The operator already known (no call). */
  current: (): Me | null => me,
  /** Reads /admin/me again (after a two-factor change). */
  async reload(): Promise<void> {
    set(await readData<Me>('admin/me'));
  },
  /** Forgets the operator and the token (Sign out, or the server said the token is gone). */
  clear(): void {
    adminToken.clear();
    set(null);
  },
};

/** The signed-in operator; screens hide what the role may not do. */
export function useMe(): Me | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => me,
  );
}
