import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionExpiredHandler } from './api/client';
import { initialLanguage } from './i18n/core';
import { switchLanguage } from './i18n/switch-language';
import { useLanguage } from './i18n/use-language';
import { listenForInstall } from './lib/install';
import { loadServerConfig } from './lib/market-tz';
import { serviceWorkerRegistration } from './lib/pwa';
import { listenToWorker } from './lib/sw-messages';
import { ToasterSlot } from './lib/toaster-slot';
import { router } from './router';
import { useAppStore } from './store/store';
import './styles.css';
// The first screens (sign-in `/`, and `/home` in the layout whose side menu holds a dialog) paint
// with the shell's stylesheet: their sheets ship in it, so their chunks wait on no stylesheet of
// their own. Each screen imports its sheet too; the rest load with their lazy chunks.
import './features/auth/auth.css';
import './components/modal.css';
import './features/home/home.css';
import './components/follow-bell.css';
import './components/market-status.css';
import './components/language-picker.css';

// The client has its token, language and network watch from the store's start (lib/api-setup.ts);
// a dead session clears the player and goes to the site root through the router.
setSessionExpiredHandler(() => {
  useAppStore.getState().clearSession();
  void router.navigate({ to: '/' });
});

function App() {
  // A new language re-renders every screen (their words are read while rendering).
  const language = useLanguage();
  return (
    <>
      <RouterProvider key={language} router={router} />
      <ToasterSlot />
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render as a transition: React renders it in slices and yields between them, so a slow
// phone's main thread is never blocked for the whole tree at once (Lighthouse's total blocking time).
// Hindi or Marathi: that language's catalogue first (one small chunk), so no English flashes by.
const language = initialLanguage();
void (language === 'en' ? Promise.resolve() : switchLanguage(language))
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }),
  );
// The server's saved language (a reinstall gets it back), or a choice it has not heard yet: the
// code that reconciles them loads only when they differ.
useAppStore.subscribe((s, prev) => {
  if (s.user && s.user !== prev.user && (s.languagePending || s.user.language !== s.language))
    void import('./lib/language').then((m) => m.reconcileLanguage());
});

// A device that has the worker keeps it up to date from any page. A first visit registers it once
// someone signs in (features/layout/app-layout.tsx): a visitor who never does is spared the
// worker's precache (about 680 KB) and workbox-window on a slow, metered connection.
void navigator.serviceWorker
  ?.getRegistration()
  .then((existing) => {
    if (existing) void serviceWorkerRegistration();
  })
  .catch(() => undefined);
listenForInstall();
// Foreground pushes, notification taps and refreshed reads arrive from the worker on every screen.
listenToWorker((path) => void router.navigate({ to: path }));
// The market time zone comes from the server; screens use the saved one until it answers.
void loadServerConfig();
