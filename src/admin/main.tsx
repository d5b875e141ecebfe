import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { HTTPError } from 'ky';
import { StrictMode, useContext, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { adminToken, get, http, messageOf, whenSignedOut } from './api';
import { AuditPage } from './audit';
import { ContentPage } from './content';
import { DashboardPage } from './dashboard';
import { MarketsPage } from './markets';
import { type Me, MeContext, ReloadMeContext } from './me';
import { MoneyPage } from './money';
import { OperatorsPage } from './operators';
import { PlayersPage } from './players';
import { ResultsPage } from './results';
import { RiskPage } from './risk';
import { CodeInput, SecurityPage } from './security';
import { SettingsPage, SmsPage } from './settings';
import './admin.css';

type LoginAnswer = { token?: string; twoFactorRequired?: boolean; challenge?: string };

function Login({ onIn }: { onIn: (me: Me) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');

  async function attempt(run: () => Promise<LoginAnswer>) {
    setBusy(true);
    setError(null);
    try {
      const r = await run();
      if (r.twoFactorRequired && r.challenge) {
        setChallenge(r.challenge);
        return;
      }
      if (!r.token) throw new Error('Login failed');
      adminToken.set(r.token);
      onIn((await get<Me>('admin/me')).data);
    } catch (err) {
      setError(messageOf(err, 'Login failed'));
      // A spent or expired challenge starts over at the password.
      if (err instanceof HTTPError && (err.response.status === 429 || /expired/.test(messageOf(err)))) {
        setChallenge(null);
      }
    } finally {
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <main className="console-login">
        <form
          className="card"
          onSubmit={(e) => {
            e.preventDefault();
            const factor = useRecovery ? { recoveryCode: code.trim() } : { code: code.trim() };
            void attempt(() =>
              http.post('admin/login/2fa', { json: { challenge, ...factor } }).json<LoginAnswer>(),
            );
          }}
        >
          <h1>Two-factor sign-in</h1>
          {useRecovery ? (
            <label>
              Recovery code
              <input name="recoveryCode" value={code} onChange={(e) => setCode(e.target.value)} required />
            </label>
          ) : (
            <CodeInput value={code} onChange={setCode} />
          )}
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy}>
            Verify
          </button>
          <button
            type="button"
            className="link"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
            }}
          >
            {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
          </button>
        </form>
      </main>
    );
  }
  return (
    <main className="console-login">
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          void attempt(() =>
            http
              .post('admin/login', {
                json: { username: form.get('username'), password: form.get('password') },
              })
              .json<LoginAnswer>(),
          );
        }}
      >
        <h1>Operator console</h1>
        <label>
          Username
          <input name="username" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}

const NAV = [
  ['/admin', 'Dashboard'],
  ['/admin/markets', 'Markets'],
  ['/admin/results', 'Results'],
  ['/admin/money', 'Money'],
  ['/admin/risk', 'Risk'],
  ['/admin/players', 'Players'],
  ['/admin/audit', 'Audit log'],
  ['/admin/content', 'Content'],
  ['/admin/sms', 'SMS'],
  ['/admin/security', 'Sign-in security'],
  ['/admin/settings', 'Settings'],
  ['/admin/operators', 'Operators'],
] as const;

/** Screens only owners can use (the server refuses the calls for staff anyway). */
const OWNER_ONLY = new Set(['/admin/settings', '/admin/operators', '/admin/sms']);

function Shell() {
  const [me, setMe] = useState<Me | null>(null);
  const [checked, setChecked] = useState(false);
  // On a phone the menu is a button that opens every entry at once (no sideways strip).
  const [menuOpen, setMenuOpen] = useState(false);
  const path = useRouterState({ select: (s) => s.location.pathname });
  const here = NAV.find(([to]) => to === path)?.[1] ?? 'Menu';
  useEffect(() => {
    whenSignedOut(() => setMe(null));
    if (!adminToken.get()) return setChecked(true);
    get<Me>('admin/me')
      .then((r) => setMe(r.data))
      .catch(() => adminToken.clear())
      .finally(() => setChecked(true));
  }, []);
  if (!checked) return null;
  if (!me) return <Login onIn={setMe} />;
  const reloadMe = () => void get<Me>('admin/me').then((r) => setMe(r.data));
  if (me.mustSetUpTwoFactor) {
    // ADMIN_REQUIRE_2FA: the server answers nothing else until the second factor is set up.
    return (
      <div className="console">
        <main>
          <MeContext.Provider value={me}>
            <SecurityPage onChange={reloadMe} />
          </MeContext.Provider>
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
          {menuOpen ? 'Close menu' : `Menu: ${here}`}
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
            </Link>
          ))}
        </nav>
        <span className="who">
          {me.username} ({me.role})
          <button
            type="button"
            onClick={() => {
              adminToken.clear();
              setMe(null);
            }}
          >
            Sign out
          </button>
        </span>
      </header>
      <main>
        <MeContext.Provider value={me}>
          <ReloadMeContext.Provider value={reloadMe}>
            <Outlet />
          </ReloadMeContext.Provider>
        </MeContext.Provider>
      </main>
    </div>
  );
}

function SecurityRoute() {
  return <SecurityPage onChange={useContext(ReloadMeContext)} />;
}

const root = createRootRoute({ component: Shell });
const page = (path: string, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => root, path, component });
const routeTree = root.addChildren([
  page('/admin', DashboardPage),
  page('/admin/markets', MarketsPage),
  page('/admin/results', ResultsPage),
  page('/admin/money', MoneyPage),
  page('/admin/risk', RiskPage),
  page('/admin/players', PlayersPage),
  page('/admin/audit', AuditPage),
  page('/admin/operators', OperatorsPage),
  page('/admin/settings', SettingsPage),
  page('/admin/sms', SmsPage),
  page('/admin/content', ContentPage),
  page('/admin/security', SecurityRoute),
]);
const router = createRouter({ routeTree });

const el = document.getElementById('root');
if (!el) throw new Error('admin.html has no #root element');
createRoot(el).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
