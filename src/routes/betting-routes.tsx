import {
  type AsyncRouteComponent,
  createRoute,
  Navigate,
  Outlet,
  type RouteComponent,
} from '@tanstack/react-router';
import { moneyModeOf } from '../lib/money-mode-of';
import { useAppStore } from '../store/store';
import { appLayoutRoute } from './app-routes';
import { BID_PATHS } from './bid-paths';
import { bettingGuard, cashGuard } from './guards';
import { lazyPage, preloadWith } from './lazy-page';

// Every screen here is its own chunk, fetched on first use (or on intent: the router preloads on
// hover and touch); the service worker precaches them all for offline use.
const WalletPage = lazyPage(() => import('../features/wallet/wallet-page'), 'WalletPage');
const PaymentPage = lazyPage(() => import('../features/funds/payment-page'), 'PaymentPage');
const PaymentStatusPage = lazyPage(
  () => import('../features/funds/payment-status-page'),
  'PaymentStatusPage',
);
const WithdrawalPage = lazyPage(() => import('../features/withdrawals/withdrawal-page'), 'WithdrawalPage');
const MarketPage = lazyPage(() => import('../features/market/market-page'), 'MarketPage');
const GameChartPage = lazyPage(() => import('../features/charts/game-chart-page'), 'GameChartPage');
const StarlineChartPage = lazyPage(
  () => import('../features/charts/starline-chart-page'),
  'StarlineChartPage',
);
const GalidisawarChartPage = lazyPage(
  () => import('../features/charts/galidisawar-chart-page'),
  'GalidisawarChartPage',
);
const BidHistoryPage = lazyPage(() => import('../features/history/bid-history-page'), 'BidHistoryPage');
const WinHistoryPage = lazyPage(() => import('../features/history/win-history-page'), 'WinHistoryPage');
const GameRatePage = lazyPage(() => import('../features/rates/game-rate-page'), 'GameRatePage');
const BidScreen = lazyPage(() => import('../features/bidding/bid-screen'), 'BidScreen');

/**
 * The open betting screen while the player may bet. The guard judges by the user the app last
 * saved; when the server then answers that an operator switched betting off (a reload reads the
 * user again), the screen that opened leaves for home too.
 */
function BettingOnly() {
  const off = useAppStore((s) => s.user?.globel_batting === false);
  return off ? <Navigate to="/home" replace /> : <Outlet />;
}

/** Screens that also need globel_batting (docs/product.md section 2) sit under this pathless route. */
export const bettingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  id: 'betting',
  beforeLoad: bettingGuard,
  component: BettingOnly,
});

function page<TPath extends string>(path: TPath, component: RouteComponent) {
  return createRoute({ getParentRoute: () => bettingRoute, path, component });
}

/**
 * A cash screen (Add Fund, Withdrawal): none in points mode. The guard judges by the mode the app
 * last saved; when GET /config then answers points (the server's mode changed since), the screen
 * that opened leaves for the wallet too.
 */
function cashPage<TPath extends string>(path: TPath, Screen: RouteComponent) {
  function CashOnly() {
    const mode = useAppStore(moneyModeOf);
    return mode === 'points' ? <Navigate to="/wallet" replace /> : <Screen />;
  }
  return createRoute({
    getParentRoute: () => bettingRoute,
    path,
    component: CashOnly,
    beforeLoad: cashGuard,
  });
}

type PaymentStatusSearch = { order_id?: string };

function paymentStatusRoute(path: '/payment/status' | '/payment/return') {
  const route = createRoute({
    getParentRoute: () => bettingRoute,
    path,
    validateSearch: (search: Record<string, unknown>): PaymentStatusSearch => {
      const id = search.order_id;
      return typeof id === 'string' || typeof id === 'number' ? { order_id: String(id) } : {};
    },
    component: function PaymentStatusRoute() {
      const { order_id } = route.useSearch();
      return <PaymentStatusPage orderId={order_id ?? null} />;
    },
  });
  preloadWith(route.options.component, PaymentStatusPage);
  return route;
}

/** A page whose optional `game` segment picks a game name or a family sub-view. */
function gamePage<TPath extends string>(
  path: TPath,
  Component: AsyncRouteComponent<{ game: string | null }>,
) {
  const route = createRoute({
    getParentRoute: () => bettingRoute,
    path,
    component: function GameParamRoute() {
      const params = route.useParams() as { game?: string };
      return <Component game={params.game ?? null} />;
    },
  });
  preloadWith(route.options.component, Component);
  return route;
}

const bidRoutes = BID_PATHS.map(({ path, gameType, mode }) =>
  createRoute({
    getParentRoute: () => bettingRoute,
    path,
    component: Object.assign(() => <BidScreen gameType={gameType} mode={mode} />, {
      preload: BidScreen.preload,
    }),
  }),
);

export const bettingRoutes = [
  page('/wallet', WalletPage),
  cashPage('/payment', PaymentPage),
  paymentStatusRoute('/payment/status'),
  paymentStatusRoute('/payment/return'),
  cashPage('/withdrawal', WithdrawalPage),
  page('/market', MarketPage),
  gamePage('/game-chart/{-$game}', GameChartPage),
  page('/starline-chart', StarlineChartPage),
  page('/galidisawar-chart', GalidisawarChartPage),
  gamePage('/bid-history/{-$game}', BidHistoryPage),
  gamePage('/win-history/{-$game}', WinHistoryPage),
  gamePage('/game-rate/{-$game}', GameRatePage),
  ...bidRoutes,
];
