import { redirect } from '@tanstack/react-router';
import { moneyModeOf } from '../lib/money-mode-of';
import { waitForHydration } from '../store/hydration';
import { useAppStore } from '../store/store';
import { getToken } from '../store/token';

// The three guards of docs/product.md section 2, run in beforeLoad. Each waits for the persisted store
// first so a reload never decides on an empty store.

/** `/`: a stored token means the player is signed in, so send them home. */
export async function publicGuard(): Promise<void> {
  await waitForHydration();
  if (getToken()) throw redirect({ to: '/home' });
}

/** Every signed-in screen: no stored token sends the player to the login page. */
export async function protectedGuard(): Promise<void> {
  await waitForHydration();
  if (!getToken()) throw redirect({ to: '/' });
}

/**
 * Wallet, funds, history, charts, rates and bid screens: also need globel_batting. Without a saved
 * user the guard asks the server (the session check) before deciding.
 */
export async function bettingGuard(): Promise<void> {
  await protectedGuard();
  const state = useAppStore.getState();
  const user = state.user ?? (await state.refreshUser());
  if (!getToken()) throw redirect({ to: '/' });
  if (!user?.globel_batting) throw redirect({ to: '/home' });
}

/** Add Fund and Withdrawal: in points mode (MONEY_MODE=points) there is no cash in or out. */
export async function cashGuard(): Promise<void> {
  await bettingGuard();
  if (moneyModeOf(useAppStore.getState()) === 'points') throw redirect({ to: '/wallet' });
}
