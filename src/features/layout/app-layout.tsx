import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { PointsNotice } from '../../lib/money-mode';
import { keepFamilyListsForOffline } from '../../lib/offline-lists';
import { pageSettled, serviceWorkerRegistration } from '../../lib/pwa';
import { sessionStart } from '../../lib/session-start';
import { useDropSplash } from '../../lib/splash';
import { usePolling } from '../../lib/use-polling';
import { useAppStore } from '../../store/store';
import { Header } from './header';
import { SideMenu } from './side-menu';

// The reality check speaks after 15 minutes of play at the earliest, and wins are said a few
// seconds after the screen (issue 49): their code and words load then, not with the screen (the
// first load's budget, tests/e2e/field.test.ts).
const AfterFirstScreen = lazy(() => import('../../components/after-first-screen'));
const AFTER_FIRST_SCREEN_MS = 4000;

/** Header, side menu and the screen; the player is refreshed every 5 s (docs/product.md section 4). */
export function AppLayout() {
  useDropSplash();
  const [menuOpen, setMenuOpen] = useState(false);
  const [later, setLater] = useState(false);
  useEffect(() => {
    sessionStart();
    const timer = setTimeout(() => setLater(true), AFTER_FIRST_SCREEN_MS);
    return () => clearTimeout(timer);
  }, []);
  const refreshUser = useAppStore((s) => s.refreshUser);
  // Wallet and profile say "Points have no cash value" themselves, under the balance.
  const path = useRouterState({ select: (s) => s.location.pathname });
  usePolling(refreshUser);
  // One result stream for every signed-in screen: home, the lists, the market page and the charts
  // take events from it (lib/live-results.ts), loaded once the first screen has (its budget).
  useEffect(() => {
    let release: (() => void) | null = null;
    let gone = false;
    void pageSettled()
      .then(() => import('../../lib/live-results'))
      .then((m) => {
        if (!gone) release = m.holdLiveResults();
      });
    return () => {
      gone = true;
      release?.();
    };
  }, []);
  // The layout's first mount is one synchronous render (the router's and store's updates go
  // through useSyncExternalStore); the screen inside it mounts right after, in a deferred render
  // that React does in slices, yielding to a slow phone between them (issue 18: blocking time).
  const screenReady = useDeferredValue(true, false);
  useEffect(() => {
    // Once the first screen has loaded: the lists behind home's Starline and GaliDisawar buttons.
    void pageSettled().then(keepFamilyListsForOffline);
    // Push is optional: a refused permission or a missing config leaves the app as it is.
    // A build without a Firebase config (VITE_FIREBASE_PROJECT_ID) drops the push code altogether.
    if (!import.meta.env.VITE_FIREBASE_PROJECT_ID) {
      void serviceWorkerRegistration().catch(() => undefined);
      return;
    }
    void serviceWorkerRegistration()
      .then(async (registration) => (await import('../../lib/push-start')).startPush(registration))
      .catch(() => undefined);
  }, []);
  return (
    <div className="app-shell">
      <Header onMenu={() => setMenuOpen(true)} />
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <main className="app-main">
        {screenReady ? <Outlet /> : null}
        {path === '/wallet' || path === '/profile' ? null : <PointsNotice />}
      </main>
      {later ? (
        <Suspense fallback={null}>
          <AfterFirstScreen />
        </Suspense>
      ) : null}
    </div>
  );
}
