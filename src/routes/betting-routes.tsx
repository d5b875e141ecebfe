import { createRoute } from '@tanstack/react-router';
import { BidScreen } from '../features/bidding/bid-screen';
import { GalidisawarChartPage } from '../features/charts/galidisawar-chart-page';
import { GameChartPage } from '../features/charts/game-chart-page';
import { StarlineChartPage } from '../features/charts/starline-chart-page';
import { PaymentPage } from '../features/funds/payment-page';
import { PaymentStatusPage } from '../features/funds/payment-status-page';
import { BidHistoryPage } from '../features/history/bid-history-page';
import { WinHistoryPage } from '../features/history/win-history-page';
import { MarketPage } from '../features/market/market-page';
import { GameRatePage } from '../features/rates/game-rate-page';
import { WalletPage } from '../features/wallet/wallet-page';
import { WithdrawalPage } from '../features/withdrawals/withdrawal-page';
import { appLayoutRoute } from './app-routes';
import { BID_PATHS } from './bid-paths';
import { bettingGuard } from './guards';

/** Screens that also need globel_batting (product.md section 2) sit under this pathless route. */
export const bettingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  id: 'betting',
  beforeLoad: bettingGuard,
});

function page<TPath extends string>(path: TPath, component: () => React.ReactNode) {
  return createRoute({ getParentRoute: () => bettingRoute, path, component });
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
  return route;
}

/** A page whose optional `game` segment picks a game name or a family sub-view. */
function gamePage<TPath extends string>(
  path: TPath,
  Component: (props: { game: string | null }) => React.ReactNode,
) {
  const route = createRoute({
    getParentRoute: () => bettingRoute,
    path,
    component: function GameParamRoute() {
      const params = route.useParams() as { game?: string };
      return <Component game={params.game ?? null} />;
    },
  });
  return route;
}

const bidRoutes = BID_PATHS.map(({ path, gameType, mode }) =>
  createRoute({
    getParentRoute: () => bettingRoute,
    path,
    component: () => <BidScreen gameType={gameType} mode={mode} />,
  }),
);

export const bettingRoutes = [
  page('/wallet', WalletPage),
  page('/payment', PaymentPage),
  paymentStatusRoute('/payment/status'),
  paymentStatusRoute('/payment/return'),
  page('/withdrawal', WithdrawalPage),
  page('/market', MarketPage),
  gamePage('/game-chart/{-$game}', GameChartPage),
  page('/starline-chart', StarlineChartPage),
  page('/galidisawar-chart', GalidisawarChartPage),
  gamePage('/bid-history/{-$game}', BidHistoryPage),
  gamePage('/win-history/{-$game}', WinHistoryPage),
  gamePage('/game-rate/{-$game}', GameRatePage),
  ...bidRoutes,
];
