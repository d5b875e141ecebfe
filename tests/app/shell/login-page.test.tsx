import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tables as hi } from '../../../src/i18n/lang-hi';
import { switchLanguage } from '../../../src/i18n/switch-language';
import { useLanguage } from '../../../src/i18n/use-language';
import { routeTree } from '../../../src/router';
import { useAppStore } from '../../../src/store/store';
import { type Call, mockFetch, ok, PLAYER, renderApp } from './helpers';

const initial = useAppStore.getState();
const NOT_IN_MAINTENANCE = ok({ isActive: false, title: '', message: '', completiondatetime: '' });

/** The server side of the auth calls: answers each like the real server would. */
function authServer(overrides: (c: Call) => ReturnType<typeof ok> | undefined = () => undefined) {
  return mockFetch((c) => {
    const o = overrides(c);
    if (o) return o;
    if (c.path === '/api/v1/status') return NOT_IN_MAINTENANCE;
    if (c.path === '/api/v1/user/login') return ok(PLAYER, { message: 'OTP sent' });
    if (c.path === '/api/v1/user/register')
      return ok({ name: 'Asha', phone: '9123456780' }, { message: 'OTP sent' });
    if (c.path === '/api/v1/user/forget-password') return ok(null, { message: 'OTP sent' });
    if (c.path === '/api/v1/user/verify-otp') {
      const purpose = (c.body as { purpose: string }).purpose;
      if (purpose === 'password') return ok({ resetToken: 'grant-token-1' }, { message: 'Verified' });
      return ok(PLAYER, { token: purpose === 'login' ? 'new-token' : 'new-player-token' });
    }
    if (c.path === '/api/v1/user/reset-password') return ok(null, { message: 'Password changed' });
    if (c.path === '/api/v1/user/user-details') return ok(PLAYER);
    return { body: { status: true, data: [] } };
  });
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});
afterEach(async () => {
  cleanup();
  await switchLanguage('en');
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const fill = async (label: string, value: string) => user().type(screen.getByLabelText(label), value);
const click = async (name: string) => user().click(screen.getByRole('button', { name }));

/** Types the code: its 4th digit verifies it (issue 49). */
async function enterOtp(code: string) {
  for (const [i, d] of [...code].entries()) await user().type(screen.getByLabelText(`OTP digit ${i + 1}`), d);
}

describe('login page', () => {
  it('login mode: required phone and password, then the minimum password length', async () => {
    authServer();
    await renderApp('/');
    expect(heading()).toBe('LOGIN');
    await click('Login');
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await fill('Password', '12345');
    await click('Login');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
  });

  it('register mode needs a name; the Register/Login toggle clears the form and its errors', async () => {
    authServer();
    await renderApp('/');
    await fill('Phone Number', '98765');
    await click('Register');
    expect(heading()).toBe('SIGN UP');
    expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('');
    await click('Sign Up');
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await click('Login');
    expect(heading()).toBe('LOGIN');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.queryByText('Phone number is required')).toBeNull();
  });

  it('login sends an OTP, verifying it stores the token and opens /home', async () => {
    const calls = authServer();
    const router = await renderApp('/');
    await fill('Phone Number', '9876543210');
    await fill('Password', 'secret1');
    await click('Login');
    expect(await screen.findByRole('dialog', { name: 'VERIFICATION !' })).toBeTruthy();
    expect(screen.getByTestId('masked-phone').textContent).toBe('*******210');
    await enterOtp('1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(useAppStore.getState().user?.name).toBe('Ravi Kumar');
    const verify = calls.find((c) => c.path === '/api/v1/user/verify-otp');
    expect(verify?.body).toEqual({ otp: '1234', phone: '9876543210', purpose: 'login' });
  });

  it('a wrong OTP keeps the modal open with the server message', async () => {
    authServer((c) =>
      c.path === '/api/v1/user/verify-otp'
        ? ({ status: 400, body: { status: false, message: 'Invalid OTP' } } as ReturnType<typeof ok>)
        : undefined,
    );
    await renderApp('/');
    await fill('Phone Number', '9876543210');
    await fill('Password', 'secret1');
    await click('Login');
    await screen.findByRole('dialog');
    await enterOtp('9999');
    expect((await screen.findAllByText('Invalid OTP')).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'VERIFICATION !' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['a failure without a message', { status: 400, body: {} }, 'OTP verification failed. Please try again.'],
    ['an answer without a token', ok(PLAYER), 'Authentication token not received'],
  ])('login verification: %s keeps the modal open with its default', async (_label, reply, message) => {
    authServer((c) => (c.path === '/api/v1/user/verify-otp' ? (reply as ReturnType<typeof ok>) : undefined));
    await renderApp('/');
    await fill('Phone Number', '9876543210');
    await fill('Password', 'secret1');
    await click('Login');
    await screen.findByRole('dialog');
    await enterOtp('1234');
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'VERIFICATION !' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a wrong password shows the server message in the form', async () => {
    authServer((c) =>
      c.path === '/api/v1/user/login'
        ? ({ status: 401, body: { status: false, message: 'Invalid phone or password' } } as ReturnType<
            typeof ok
          >)
        : undefined,
    );
    await renderApp('/');
    await fill('Phone Number', '9876543210');
    await fill('Password', 'secret1');
    await click('Login');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid phone or password');
  });

  it('registration with ?ref carries the referral code and signs the new player in after the OTP', async () => {
    const calls = authServer();
    const router = await renderApp('/?ref=FRIEND7');
    expect(heading()).toBe('SIGN UP');
    await fill('Name', 'Asha');
    await fill('Phone Number', '9123456780');
    await fill('Password', 'secret1');
    // Without the 18+ confirmation nothing is sent.
    await click('Sign Up');
    expect(await screen.findByText('You must be 18 or older to play')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/user/register')).toBeUndefined();
    await user().click(screen.getByLabelText('I confirm I am 18 years or older'));
    await click('Sign Up');
    await screen.findByRole('dialog', { name: 'VERIFICATION !' });
    expect(calls.find((c) => c.path === '/api/v1/user/register')?.body).toMatchObject({
      name: 'Asha',
      phone: '9123456780',
      password: 'secret1',
      adult: true,
      referralCode: 'FRIEND7',
    });
    // The install's own id goes with it (risk flags compare registrations), the same every time.
    const sent = calls.find((c) => c.path === '/api/v1/user/register')?.headers.get('X-Device-Id');
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('matka-device-id')).toBe(sent);
    // Signed in by the registration's code: no empty LOGIN and no second code (issue 39).
    await enterOtp('4321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('token')).toBe('new-player-token');
  });

  it('a language chosen half-way through SIGN UP keeps the form as typed (issue 39)', async () => {
    authServer();
    // As main.tsx renders it: a new language remounts the router and every screen.
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
    function App() {
      return <RouterProvider key={useLanguage()} router={router} />;
    }
    await act(async () => {
      render(<App />);
    });
    await screen.findByRole('heading', { name: 'LOGIN' });
    await click('Register');
    await fill('Name', 'Asha');
    await fill('Phone Number', '9123456780');
    await user().click(screen.getByLabelText('I confirm I am 18 years or older'));
    await click('हिंदी');
    await waitFor(() => expect(heading()).not.toBe('SIGN UP'));
    expect(heading()).toBe(hi.auth?.headingRegister);
    expect((screen.getByLabelText(hi.auth?.name as string) as HTMLInputElement).value).toBe('Asha');
    expect((screen.getByLabelText(hi.auth?.phone as string) as HTMLInputElement).value).toBe('9123456780');
    expect((screen.getByLabelText(hi.auth?.adultConfirm as string) as HTMLInputElement).checked).toBe(true);
    await click('English');
    await waitFor(() => expect(heading()).toBe('SIGN UP'));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha');
    // A later visit of the page starts empty: the form was kept for the remount only.
    cleanup();
    await renderApp('/');
    expect(heading()).toBe('LOGIN');
  });

  it('forgot password: Send OTP, reset verification, then the reset form rules and back to login', async () => {
    const calls = authServer();
    await renderApp('/');
    await click('Forget Password?');
    expect(heading()).toBe('FORGET PASSWORD');
    await click('Send OTP');
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    await fill('Phone Number', '9876543210');
    await click('Send OTP');
    await screen.findByRole('dialog', { name: 'RESET PASSWORD VERIFICATION' });
    await enterOtp('1111');
    await waitFor(() => expect(heading()).toBe('RESET PASSWORD'));
    await click('Reset Password');
    expect(screen.getByText('New password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    await fill('New Password', 'abc');
    await fill('Confirm Password', 'abd');
    await click('Reset Password');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    await user().clear(screen.getByLabelText('New Password'));
    await user().clear(screen.getByLabelText('Confirm Password'));
    await fill('New Password', 'newpass1');
    await fill('Confirm Password', 'newpass1');
    await click('Reset Password');
    await waitFor(() => expect(heading()).toBe('LOGIN'));
    expect(calls.find((c) => c.path === '/api/v1/user/reset-password')?.body).toEqual({
      phone: '9876543210',
      newPassword: 'newpass1',
      confirmPassword: 'newpass1',
      resetToken: 'grant-token-1',
    });
  });

  it('a player who signs up again with their own number is shown the way back to LOGIN (issue 45)', async () => {
    authServer();
    await renderApp('/?ref=FRIEND7');
    await fill('Name', 'Asha');
    await fill('Phone Number', '9123456780');
    await fill('Password', 'secret1');
    await user().click(screen.getByLabelText('I confirm I am 18 years or older'));
    await click('Sign Up');
    await screen.findByRole('dialog', { name: 'VERIFICATION !' });
    // The answer is the same for a registered number; the dialog says what its owner gets instead.
    expect(screen.getByTestId('otp-registered').textContent).toContain('only an SMS saying so');
    await click('Go to Login');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(heading()).toBe('LOGIN');
    expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('9123456780');
  });

  it('the login and reset code dialogs have no way back to LOGIN', async () => {
    authServer();
    await renderApp('/');
    await fill('Phone Number', '9123456780');
    await fill('Password', 'secret1');
    await click('Login');
    await screen.findByRole('dialog', { name: 'VERIFICATION !' });
    expect(screen.queryByTestId('otp-registered')).toBeNull();
  });

  it('Back to Login leaves forgot password', async () => {
    authServer();
    await renderApp('/');
    await click('Forget Password?');
    await click('Back to Login');
    expect(heading()).toBe('LOGIN');
  });

  it('maintenance replaces the login page, with the WhatsApp contact', async () => {
    authServer((c) => {
      if (c.path === '/api/v1/status')
        return ok({
          isActive: true,
          title: 'Upgrade',
          message: 'Back soon',
          completiondatetime: '2026-11-22T10:00:00Z',
        });
      if (c.path === '/api/v1/admin/contact') return ok({ whatsappnumber: '9812345678' });
      return undefined;
    });
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
    expect(screen.getByText('Back soon')).toBeTruthy();
    // 10:00 UTC is 3:30 PM in the default market zone (Asia/Kolkata).
    expect(screen.getByText('22 NOV 2026, 03:30 PM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    const link = await screen.findByRole('link', { name: /WhatsApp/ });
    expect(link.getAttribute('href')).toBe('https://wa.me/919812345678');
  });
});
