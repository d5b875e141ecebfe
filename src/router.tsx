import { createRouter } from '@tanstack/react-router';
import { appLayoutRoute, loginRoute, protectedRoutes } from './routes/app-routes';
import { bettingRoute, bettingRoutes } from './routes/betting-routes';
import { rootRoute } from './routes/root';

// The route tree of docs/product.md section 2, code-based: / is public, everything else sits under the
// protected layout, and the betting screens under the betting guard inside it.
export const routeTree = rootRoute.addChildren([
  loginRoute,
  appLayoutRoute.addChildren([...protectedRoutes, bettingRoute.addChildren(bettingRoutes)]),
]);

export function createAppRouter() {
  return createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
