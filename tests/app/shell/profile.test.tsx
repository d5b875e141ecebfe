import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../src/store/store';
import { type Call, mockFetch, ok, PLAYER, renderApp } from './helpers';

// Issue 39: what a player changes about their account from Profile (the language, the saved
// payout details, the password), and App Setting holding a setting a player can set.

const initial = useAppStore.getState();
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'player-token');
  useAppStore.setState({ ...initial, token: 'player-token', user: PLAYER }, true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PHONEPE = {
  _id: 'm1',
  method: 'phonepe',
  phoneNumber: '9302101538',
  accountHolderName: null,
  accountNumber: null,
  ifscCode: null,
  bankName: null,
  branchName: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};

function server(extra: (c: Call) => ReturnType<typeof ok> | undefined = () => undefined) {
  return mockFetch((c) => {
    const o = extra(c);
    if (o) return o;
    if (c.path === '/api/v1/user/user-details') return ok(PLAYER);
    if (c.path === '/api/v1/user/withdrawal/methods' && c.method === 'GET') return ok([PHONEPE]);
    return ok([]);
  });
}

describe('profile', () => {
  it('lists each payout method with its masked details, and updates one in the dialog', async () => {
    const calls = server((c) =>
      c.path === '/api/v1/user/withdrawal/methods' && c.method === 'POST'
        ? ok({ ...PHONEPE, _id: 'm2', method: 'gpay', phoneNumber: '9123456789' })
        : undefined,
    );
    await renderApp('/profile');
    const list = await screen.findByRole('region', { name: 'Payout Details' });
    await within(list).findByText('*******538');
    expect(within(list).getAllByText('Not saved')).toHaveLength(3);
    await userEvent.click(within(list).getByRole('button', { name: 'Add Google Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Google Pay Details' });
    await userEvent.type(within(dialog).getByLabelText('Phone Number'), '9123456789');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      method: 'gpay',
      phoneNumber: '9123456789',
    });
    expect(within(list).getByText('*******789')).toBeTruthy();
  });

  it('offers the language on the page itself', async () => {
    server();
    await renderApp('/profile');
    const picker = await screen.findByRole('group', { name: 'Language' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['English', 'हिंदी', 'मराठी']);
  });

  it('changes the password: checks the form, then shows the server refusal on the current password', async () => {
    let answer: ReturnType<typeof ok> = {
      status: 400,
      body: {
        status: false,
        message: 'The current password is not right',
        errors: { currentPassword: 'The current password is not right' },
      },
    };
    const calls = server((c) => (c.path === '/api/v1/user/password' ? answer : undefined));
    await renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Password is required')).toBeTruthy();
    expect(within(dialog).getByText('New password is required')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/user/password')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Current Password'), 'guess1');
    await userEvent.type(within(dialog).getByLabelText('New Password'), 'new-secret');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'new-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The current password is not right')).toBeTruthy();
    answer = ok(null, { message: 'Password changed. Your other sessions have ended.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/v1/user/password').at(-1)?.body).toEqual({
      currentPassword: 'guess1',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
  });
});

describe('app setting', () => {
  it('holds the language and the way to Responsible Play', async () => {
    server();
    await renderApp('/app-setting');
    expect(await screen.findByRole('group', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Responsible Play' }).getAttribute('href')).toBe(
      '/responsible-play',
    );
  });
});
