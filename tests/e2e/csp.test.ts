import type { AnyRoute } from '@tanstack/react-router';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../src/router';
import { call, getAdminToken } from './api';
import { createGame, newPlayer } from './bidding-harness';
import { type Browser, launchBrowser, screenshot } from './browser';

// Every screen of the app runs under the server's Content-Security-Policy without one violation:
// the routes are read from the app's own route tree (src/router.tsx, so a screen cannot be left
// out, and the test needs nothing outside the repository), visited signed in with a market
// selected, with the service worker running; plus the login page, the maintenance screen, the 404
// page and the sandbox checkout.

/** Every screen's path: the leaves of the router's route tree, as full paths. */
function routerPaths(): string[] {
  const leaves = (route: AnyRoute): string[] => {
    const children = Object.values((route.children ?? {}) as Record<string, AnyRoute>);
    return children.length > 0 ? children.flatMap(leaves) : [route.fullPath];
  };
  return [...new Set(leaves(routeTree as unknown as AnyRoute))];
}

/** A concrete URL for a route path: an optional `{-$game}` segment gets real values. */
function concrete(path: string, chartGame: string): string[] {
  if (path.includes('{-$game}')) {
    const base = path.replace('/{-$game}', '');
    if (base === '/game-chart') return [`${base}/${chartGame}`];
    return [base, `${base}/main`, `${base}/starline`, `${base}/galidisawar`];
  }
  return [path];
}

let browser: Browser;
let page: Page;
const violations: string[] = [];

async function visit(url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const seen = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  for (const v of seen) violations.push(`${url}: ${v}`);
}

beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
  await browser.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      w.__csp = w.__csp ?? [];
      w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  page = await browser.context.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('the app under its Content-Security-Policy', () => {
  it('reads the screens from the router', () => {
    const routes = routerPaths();
    expect(routes).toContain('/home');
    expect(routes).toContain('/single-digit');
    expect(routes).toContain('/right-digit-bulk');
    expect(routes).toContain('/game-chart/{-$game}');
    expect(routes.length).toBeGreaterThan(45);
  });

  it('every screen of the router, signed in, shows no CSP violation', async () => {
    const player = await newPlayer();
    const game = await createGame('main', `CSP Market ${Date.now() % 100000}`);
    await visit('/');
    await page.evaluate(
      ([token, game]) => {
        localStorage.setItem('token', token as string);
        localStorage.setItem('currentGame', game as string);
      },
      [
        player.token,
        JSON.stringify({
          gameId: game.id,
          gameName: game.name,
          openTime: game.openTime,
          closeTime: game.closeTime,
          gamePurpose: 'main',
          formattedOpenTime: '',
          formattedCloseTime: null,
        }),
      ],
    );
    const urls = routerPaths().flatMap((r) => concrete(r, 'kalyan'));
    for (const url of urls) await visit(url);
    await visit('/no-such-screen');
    await screenshot(page, 'csp-last-screen');
    expect(violations).toEqual([]);
  });

  it('the login page, the maintenance screen and the sandbox checkout', async () => {
    await page.evaluate(() => localStorage.clear());
    await visit('/');
    const admin = await getAdminToken();
    await call('PUT', 'admin/maintenance', { token: admin, body: { isActive: true, message: 'CSP check' } });
    try {
      await visit('/');
      await page.getByText('CSP check').waitFor();
    } finally {
      await call('PUT', 'admin/maintenance', { token: admin, body: { isActive: false } });
    }
    const player = await newPlayer();
    const fund = await call<{ data: { paymentUrl: string } }>('POST', 'user/fund', {
      token: player.token,
      body: { amount: 100 },
    });
    await visit(fund.body.data.paymentUrl);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment/return**');
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
