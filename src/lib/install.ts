import { create } from 'zustand';
import { askPersistentStorage } from './persist-storage';

/** Chromium's install prompt event (not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = { prompt: InstallPromptEvent | null; installed: boolean };

/**
 * The browser's offer to install the app, kept from the moment it fires (often before any screen
 * with an install button is open): the side menu shows "Install App" while there is one.
 */
export const useInstall = create<InstallState>(() => ({ prompt: null, installed: false }));

/** Listens for the offer and for the install itself; call once at start (src/main.tsx). */
export function listenForInstall(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button asks instead of the browser's mini-infobar.
    event.preventDefault();
    useInstall.setState({ prompt: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    useInstall.setState({ prompt: null, installed: true });
    // Installed: ask the browser to keep the saved markets, charts and session (granted silently).
    void askPersistentStorage();
  });
}

/** Shows the browser's install dialog; answers whether the player accepted. */
export async function installApp(): Promise<boolean> {
  const offer = useInstall.getState().prompt;
  if (!offer) return false;
  // An offer can be used once.
  useInstall.setState({ prompt: null });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  return outcome === 'accepted';
}
