import type { Page } from 'playwright-core';
import { call, latestOtp, uniquePhone } from './api';

/** Fills the OTP boxes with the code the server texted: the 4th digit verifies it (issue 49). */
export async function enterOtp(page: Page, phone: string, since: number): Promise<void> {
  const code = await latestOtp(phone, since);
  for (let i = 0; i < 4; i++) await page.getByLabel(`OTP digit ${i + 1}`).fill(code[i] ?? '');
}

/** Registers through the SIGN UP form and its OTP; the new player is signed in on /home (issue 39). */
export async function registerPlayer(page: Page, p: { name: string; phone: string; password: string }) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Name').fill(p.name);
  await page.getByLabel('Phone Number').fill(p.phone);
  await page.getByLabel('Password').fill(p.password);
  await page.getByLabel('I confirm I am 18 years or older').check();
  const since = Date.now() - 2000;
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('dialog', { name: 'VERIFICATION !' }).waitFor();
  await enterOtp(page, p.phone, since);
  await page.waitForURL('**/home');
}

/** The phone of the player this page is signed in as, or null. */
async function signedInPhone(page: Page): Promise<string | null> {
  if (!/^https?:/.test(page.url())) return null;
  const token = await page.evaluate(() => localStorage.getItem('token')).catch(() => null);
  if (!token) return null;
  const me = await call<{ data?: { phone: string } }>('GET', 'user/user-details', { token });
  return me.body?.data?.phone ?? null;
}

/** Logs in through the form and its OTP; ends on /home (a page signed in as this player stays). */
export async function loginPlayer(page: Page, phone: string, password: string) {
  if ((await signedInPhone(page)) === phone) {
    if (!new URL(page.url()).pathname.startsWith('/home')) await page.goto('/home');
    return;
  }
  if (!page.url().endsWith('/')) await page.goto('/');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Password').fill(password);
  const since = Date.now() - 2000;
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'VERIFICATION !' }).waitFor();
  await enterOtp(page, phone, since);
  await page.waitForURL('**/home');
}

/**
 * A device where the app is installed and nobody is signed in: a player signs in (the service
 * worker registers once someone has, src/main.tsx), waits for it, and logs out; ends on `/`.
 */
export async function installedAndSignedOut(page: Page): Promise<void> {
  const player = { name: 'Device Owner', phone: uniquePhone(), password: 'secret12' };
  await registerPlayer(page, player);
  await loginPlayer(page, player.phone, player.password);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await logoutPlayer(page);
}

/** Logs out through the side menu and its question (English); ends on `/`. */
export async function logoutPlayer(page: Page): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/home')) await page.goto('/home');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/**
 * Signs `page` in as the player holding `token`, in `language`: saved on the server and on the
 * device, as the app's language picker does. Ends on `/` (go where the test needs next).
 */
export async function signInAs(page: Page, token: string, language: 'en' | 'hi' | 'mr'): Promise<void> {
  await call('PUT', 'user/language', { token, body: { language } });
  await page.goto('/');
  await page.evaluate(
    ([t, lang]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('matka-language', lang as string);
    },
    [token, language],
  );
}
