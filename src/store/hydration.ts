import { useAppStore } from './store';

const HYDRATION_TIMEOUT_MS = 5000;

/**
 * Resolves once the persisted store has been read from IndexedDB, or after the timeout (docs/product.md
 * section 4: rehydration has a 5000 ms timeout) so a broken IndexedDB never locks the app. Guards
 * await this before they look at the user.
 * @example await waitForHydration(); // then useAppStore.getState().user is the saved user
 */
export function waitForHydration(timeoutMs = HYDRATION_TIMEOUT_MS): Promise<boolean> {
  if (useAppStore.persist.hasHydrated()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, timeoutMs);
    const unsubscribe = useAppStore.persist.onFinishHydration(() => {
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}
