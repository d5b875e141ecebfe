import { createRootRoute, createRoute, createRouter, type RouteComponent } from '@tanstack/react-router';
import { lazyPage } from '../routes/lazy-page';
import { whenSignedOut } from './api';
import { LOGIN_PATH, loginHref, signedInGuard, signedOutGuard } from './guards';
import { session } from './me';

// The console's routes, built like the player app's (src/router.tsx): the guards run in
// beforeLoad, and every screen is its own chunk, loaded on first use and preloaded on intent.

const LoginPage = lazyPage(() => import('./login'), 'LoginPage');
const Shell = lazyPage(() => import('./shell'), 'Shell');
const DashboardPage = lazyPage(() => import('./dashboard'), 'DashboardPage');
const ReportsPage = lazyPage(() => import('./reports/reports-page'), 'ReportsPage');
const MarketsPage = lazyPage(() => import('./markets'), 'MarketsPage');
const ResultsPage = lazyPage(() => import('./results/results-page'), 'ResultsPage');
const MoneyPage = lazyPage(() => import('./money'), 'MoneyPage');
const RiskPage = lazyPage(() => import('./risk'), 'RiskPage');
const PaymentsInboxPage = lazyPage(() => import('./payments-inbox'), 'PaymentsInboxPage');
const PlayersPage = lazyPage(() => import('./players'), 'PlayersPage');
const AuditPage = lazyPage(() => import('./audit'), 'AuditPage');
const OperatorsPage = lazyPage(() => import('./operators'), 'OperatorsPage');
const SettingsPage = lazyPage(() => import('./settings'), 'SettingsPage');
const SmsPage = lazyPage(() => import('./settings'), 'SmsPage');
const ContentPage = lazyPage(() => import('./content'), 'ContentPage');
const SecurityPage = lazyPage(() => import('./security'), 'SecurityPage');
const BackupsPage = lazyPage(() => import('./backups'), 'BackupsPage');
const BankStatementsPage = lazyPage(() => import('./bank-statements/page'), 'BankStatementsPage');
const ResultSourcesPage = lazyPage(() => import('./feeds/sources-page'), 'ResultSourcesPage');
const ChartImportPage = lazyPage(() => import('./charts/chart-import-page'), 'ChartImportPage');

const root = createRootRoute();

const loginRoute = createRoute({
  getParentRoute: () => root,
  path: LOGIN_PATH,
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: search.next } : {},
  beforeLoad: signedOutGuard,
  component: LoginPage,
});

/** Every screen sits under this pathless layout: the header and menu, and the signed-in guard. */
const consoleRoute = createRoute({
  getParentRoute: () => root,
  id: 'console',
  beforeLoad: signedInGuard,
  component: Shell,
});

const page = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => consoleRoute, path, component });

const routeTree = root.addChildren([
  loginRoute,
  consoleRoute.addChildren([
    page('/admin', DashboardPage),
    page('/admin/reports', ReportsPage),
    page('/admin/markets', MarketsPage),
    page('/admin/results', ResultsPage),
    page('/admin/money', MoneyPage),
    page('/admin/risk', RiskPage),
    page('/admin/payments-inbox', PaymentsInboxPage),
    page('/admin/players', PlayersPage),
    page('/admin/audit', AuditPage),
    page('/admin/operators', OperatorsPage),
    page('/admin/settings', SettingsPage),
    page('/admin/sms', SmsPage),
    page('/admin/content', ContentPage),
    page('/admin/security', SecurityPage),
    page('/admin/backups', BackupsPage),
    page('/admin/bank-statements', BankStatementsPage),
    page('/admin/result-sources', ResultSourcesPage),
    page('/admin/chart-history', ChartImportPage),
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent' });

// The server refused the token mid-session (revoked, expired): back to the login, then here.
whenSignedOut(() => {
  if (!session.current()) return;
  const back = loginHref(router.state.location.href);
  session.clear();
  void router.navigate({ href: back });
});
