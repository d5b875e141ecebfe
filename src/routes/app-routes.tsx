import { createRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/home/home-page';
import { AppSettingPage } from '../features/info/app-setting-page';
import { ContactPage } from '../features/info/contact-page';
import { HowToPlayPage } from '../features/info/how-to-play-page';
import { NoticesPage } from '../features/info/notices-page';
import { ReferralPage } from '../features/info/referral-page';
import { AppLayout } from '../features/layout/app-layout';
import { GalidisawarListPage } from '../features/lists/galidisawar-list-page';
import { StarlineListPage } from '../features/lists/starline-list-page';
import { ProfilePage } from '../features/profile/profile-page';
import { protectedGuard, publicGuard } from './guards';
import { rootRoute } from './root';

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

/** Every signed-in screen sits under this pathless layout: header, side menu, the protected guard. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: protectedGuard,
  component: AppLayout,
});

function page<TPath extends string>(path: TPath, component: () => React.ReactNode) {
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
];
