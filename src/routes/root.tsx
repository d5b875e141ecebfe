import { createRootRoute, Outlet } from '@tanstack/react-router';
import { OfflineBanner } from '../components/offline-banner';
import { ErrorPage, NotFoundPage } from '../features/errors/error-page';

function Root() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}

export const rootRoute = createRootRoute({
  component: Root,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
