import { createRoute, type RouteComponent } from '@tanstack/react-router';
import { protectedGuard, publicGuard } from './guards';
import { lazyPage, preloadWith } from './lazy-page';
import { rootRoute } from './root';

// Every screen is its own chunk, the sign-in page, the signed-in layout and home included: a cold
// `/` downloads the shell and the sign-in code only, a cold `/home` the shell, the layout and home.
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const AppLayout = lazyPage(() => import('../features/layout/app-layout'), 'AppLayout');
const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const NoticesPage = lazyPage(() => import('../features/info/notices-page'), 'NoticesPage');
const ContactPage = lazyPage(() => import('../features/info/contact-page'), 'ContactPage');
const AppSettingPage = lazyPage(() => import('../features/info/app-setting-page'), 'AppSettingPage');
const HowToPlayPage = lazyPage(() => import('../features/info/how-to-play-page'), 'HowToPlayPage');
const StarlineListPage = lazyPage(() => import('../features/lists/starline-list-page'), 'StarlineListPage');
const GalidisawarListPage = lazyPage(
  () => import('../features/lists/galidisawar-list-page'),
  'GalidisawarListPage',
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/notifications-page'),
  'NotificationsPage',
);
const ReferralPage = lazyPage(() => import('../features/info/referral-page'), 'ReferralPage');
const ResponsiblePlayPage = lazyPage(
  () => import('../features/responsible-play/responsible-play-page'),
  'ResponsiblePlayPage',
);

type LoginSearch = { ref?: string };

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.ref === 'string' && search.ref.trim() ? { ref: search.ref.trim() } : {},
  beforeLoad: publicGuard,
  component: function LoginRoute() {
    const { ref } = loginRoute.useSearch();
    return <LoginPage referralCode={ref} />;
  },
});
preloadWith(loginRoute.options.component, LoginPage);

/** Every signed-in screen sits under this pathless layout: header, side menu, the protected guard. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: protectedGuard,
  component: AppLayout,
});

function page<TPath extends string>(path: TPath, component: RouteComponent) {
  return createRoute({ getParentRoute: () => appLayoutRoute, path, component });
}

export const protectedRoutes = [
  page('/home', HomePage),
  page('/profile', ProfilePage),
  page('/notice', NoticesPage),
  page('/contact-us', ContactPage),
  page('/app-setting', AppSettingPage),
  page('/how-to-play', HowToPlayPage),
  page('/starline', StarlineListPage),
  page('/galidisawar', GalidisawarListPage),
  page('/referral', ReferralPage),
  page('/responsible-play', ResponsiblePlayPage),
  page('/notifications', NotificationsPage),
];
