import { isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Guards from '../../../src/admin/guards';
import type { Me } from '../../../src/admin/types';

// The console's beforeLoad guards (src/admin/guards.ts): who is signed in is asked of the server
// once, before any screen; nobody signed in goes to the login with the way back.

const OWNER: Me = {
  _id: 'o1',
  username: 'owner',
  role: 'owner',
  twoFactor: false,
  mustSetUpTwoFactor: false,
};

/** Answers GET /admin/me with `status` (and the operator on 200), counting the calls. */
function serverAnswers(status: number): { calls: number } {
  const seen = { calls: 0 };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.calls++;
    expect(url.pathname).toBe('/api/v1/admin/me');
    const body = status === 200 ? { status: true, data: OWNER } : { status: false, message: 'Invalid token' };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return seen;
}

/** A fresh console (its session is module state), loaded after fetch is replaced. */
async function freshGuards(): Promise<typeof Guards> {
  vi.resetModules();
  return import('../../../src/admin/guards');
}

/** Runs a guard and answers where it redirects to, or null when it lets the operator through. */
async function target(run: () => Promise<void>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (e) {
    if (isRedirect(e)) return String(e.options.href);
    throw e;
  }
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('where the login sends the operator after', () => {
  it('back to a console path, never anywhere else', async () => {
    const { afterLogin } = await freshGuards();
    expect(afterLogin('/admin/risk')).toBe('/admin/risk');
    expect(afterLogin('/admin/money?status=approved')).toBe('/admin/money?status=approved');
    expect(afterLogin('/admin')).toBe('/admin');
    for (const elsewhere of ['https://evil.example/admin', '//evil.example', '/administrator', '/home', 5]) {
      expect(afterLogin(elsewhere)).toBe('/admin');
    }
    // Not back to the login itself (a loop).
    expect(afterLogin('/admin/login?next=/admin/risk')).toBe('/admin');
    expect(afterLogin(undefined)).toBe('/admin');
  });

  it('the login link carries the way back, except to the dashboard', async () => {
    const { loginHref } = await freshGuards();
    expect(loginHref('/admin')).toBe('/admin/login');
    expect(loginHref('/admin/risk')).toBe('/admin/login?next=%2Fadmin%2Frisk');
    expect(loginHref('https://evil.example')).toBe('/admin/login');
  });
});

describe('the signed-in guard', () => {
  it('sends a tab without a token to the login, asking the server nothing', async () => {
    const seen = serverAnswers(200);
    const { signedInGuard } = await freshGuards();
    expect(await target(() => signedInGuard({ location: { href: '/admin/players' } }))).toBe(
      '/admin/login?next=%2Fadmin%2Fplayers',
    );
    expect(seen.calls).toBe(0);
  });

  it('lets a valid token through, asking /admin/me once for every screen after', async () => {
    sessionStorage.setItem('adminToken', 't');
    const seen = serverAnswers(200);
    const { signedInGuard } = await freshGuards();
    const { session } = await import('../../../src/admin/me');
    expect(await target(() => signedInGuard({ location: { href: '/admin' } }))).toBeNull();
    expect(await target(() => signedInGuard({ location: { href: '/admin/money' } }))).toBeNull();
    expect(seen.calls).toBe(1);
    expect(session.current()).toEqual(OWNER);
  });

  it('drops a token the server refuses and sends the operator to the login', async () => {
    sessionStorage.setItem('adminToken', 'revoked');
    serverAnswers(401);
    const { signedInGuard } = await freshGuards();
    expect(await target(() => signedInGuard({ location: { href: '/admin/audit' } }))).toBe(
      '/admin/login?next=%2Fadmin%2Faudit',
    );
    expect(sessionStorage.getItem('adminToken')).toBeNull();
  });
});

describe('the login guard', () => {
  it('lets nobody in, and sends a signed-in operator on to where they were headed', async () => {
    serverAnswers(200);
    const first = await freshGuards();
    expect(await target(() => first.signedOutGuard({ search: { next: '/admin/risk' } }))).toBeNull();
    sessionStorage.setItem('adminToken', 't');
    const second = await freshGuards();
    expect(await target(() => second.signedOutGuard({ search: { next: '/admin/risk' } }))).toBe(
      '/admin/risk',
    );
    expect(await target(() => second.signedOutGuard({ search: {} }))).toBe('/admin');
  });
});
