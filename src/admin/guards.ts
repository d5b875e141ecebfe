import { redirect } from '@tanstack/react-router';
import { session } from './me';

// The console's two guards, run in beforeLoad like the player app's (src/routes/guards.ts): who is
// signed in is known before any screen loads, so no screen ever renders for nobody.

export const LOGIN_PATH = '/admin/login';

/** Where to go after signing in: a console path from the login's ?next=, else the dashboard. */
export function afterLogin(next: unknown): string {
  // Only a path inside the console: a crafted link must not send the operator elsewhere.
  return typeof next === 'string' && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith(LOGIN_PATH)
    ? next
    : '/admin';
}

/** The login page with the way back to `here`. */
export function loginHref(here: string): string {
  const next = afterLogin(here);
  return next === '/admin' ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ next })}`;
}

/** Every console screen: nobody signed in goes to the login, which comes back here after. */
export async function signedInGuard({ location }: { location: { href: string } }): Promise<void> {
  if (!(await session.ensure())) throw redirect({ href: loginHref(location.href) });
}

/** The login page: an operator already signed in goes on to where they were headed. */
export async function signedOutGuard({ search }: { search: { next?: string } }): Promise<void> {
  if (await session.ensure()) throw redirect({ href: afterLogin(search.next) });
}
