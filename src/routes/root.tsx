import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ErrorPage, NotFoundPage } from '../features/errors/error-page';

export const rootRoute = createRootRoute({
  component: Outlet,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
