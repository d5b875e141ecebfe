import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useConsoleConfigReady } from './config';
import { loginHref } from './guards';
import { session, useMe } from './me';
import { useWaiting } from './waiting';
import { WatchdogBanner } from './watchdog-banner';

// Only an operator who must set up two-factor sign-in first sees this in place of every screen:
// loaded then, not with every sign-in.
const SecurityPage = lazy(() => import('./security').then((m) => ({ default: m.SecurityPage })));

const NAV = [
  ['/admin', 'Dashboard'],
  ['/admin/reports', 'Reports'],
  ['/admin/markets', 'Markets'],
  ['/admin/results', 'Results'],
  ['/admin/money', 'Money'],
  ['/admin/payments-inbox', 'Payments inbox'],
  ['/admin/risk', 'Risk'],
  ['/admin/players', 'Players'],
  ['/admin/audit', 'Audit log'],
  ['/admin/content', 'Content'],
  ['/admin/sms', 'SMS'],
  ['/admin/security', 'Sign-in security'],
  ['/admin/settings', 'Settings'],
  ['/admin/operators', 'Operators'],
  ['/admin/backups', 'Backups'],
  ['/admin/bank-statements', 'Bank statements'],
  ['/admin/result-sources', 'Result sources'],
  ['/admin/chart-history', 'Chart history'],
] as const;

/** Screens only owners can use (the server refuses the calls for staff anyway). */
const OWNER_ONLY = new Set([
  '/admin/settings',
  '/admin/operators',
  '/admin/sms',
  '/admin/backups',
  '/admin/result-sources',
  '/admin/chart-history',
]);

/** The signed-in console: the header with the menu and the operator, the screen below it. */
export function Shell() {
  const me = useMe();
  const router = useRouter();
  // On a phone the menu is a button that opens every entry at once (no sideways strip).
  const [menuOpen, setMenuOpen] = useState(false);
  const path = useRouterState({ select: (s) => s.location.pathname });
  const here = NAV.find(([to]) => to === path)?.[1] ?? 'Menu';
  // The money mode and market zone every screen words amounts and times by (config.ts).
  const configReady = useConsoleConfigReady();
  // Four eyes tells someone (issue 49): what waits for this operator, beside the Dashboard entry.
  const waiting = useWaiting(!!me && !me.mustSetUpTwoFactor, path)?.total ?? 0;
  // Signed out this moment: the guard's way to the login is already under way.
  if (!me) return null;
  if (me.mustSetUpTwoFactor) {
    // ADMIN_REQUIRE_2FA: the server answers nothing else until the second factor is set up.
    return (
      <div className="console">
        <main>
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <SecurityPage />
          </Suspense>
        </main>
      </div>
    );
  }
  return (
    <div className="console">
      <header>
        <strong>Matka Play Console</strong>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? 'Close menu' : `Menu: ${here}${waiting ? ` · ${waiting} waiting for you` : ''}`}
        </button>
        <nav id="console-nav" aria-label="Console" className={menuOpen ? 'open' : undefined}>
          {NAV.filter(([to]) => !OWNER_ONLY.has(to) || me.role === 'owner').map(([to, label]) => (
            // The player app registers its own route types; the console keeps its paths to itself.
            <Link
              key={to}
              to={to as never}
              activeOptions={{ exact: true }}
              onClick={() => setMenuOpen(false)}
            >
              {label}
              {to === '/admin' && waiting ? <span className="badge"> {waiting} waiting for you</span> : null}
            </Link>
          ))}
        </nav>
        <span className="who">
          {me.username} ({me.role})
          <button
            type="button"
            onClick={() => {
              const back = loginHref(router.state.location.href);
              session.clear();
              void router.navigate({ href: back });
            }}
          >
            Sign out
          </button>
        </span>
      </header>
      <WatchdogBanner />
      <main>{configReady ? <Outlet /> : <p className="muted">Loading...</p>}</main>
    </div>
  );
}
