import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WithdrawalPage } from '../../../src/features/withdrawals/withdrawal-page';
import { switchLanguage } from '../../../src/i18n/switch-language';
import { useAppStore } from '../../../src/store/store';
import {
  type Call,
  mockFetch,
  ok,
  PLAYER,
  paged,
  pathOf,
  renderWithToasts,
  signedInPlayer,
  tableText,
} from './harness';

signedInPlayer();

const BANK = {
  _id: 'm1',
  method: 'bank',
  phoneNumber: null,
  accountHolderName: 'Ravi Kumar',
  accountNumber: '123456789012',
  ifscCode: 'SBIN0001234',
  bankName: 'SBI',
  branchName: 'Andheri',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};
const OLD = {
  _id: 'w0',
  id: 'w0',
  createdAt: '2026-11-20T10:00:00Z',
  method: 'gpay',
  amount: 300,
  status: 'approved',
};

type Reply = { status?: number; body?: unknown };

function server(
  opts: {
    methods?: unknown[];
    withdrawals?: unknown[];
    create?: (c: Call) => Reply;
    offlineAfterCreate?: boolean;
    cancel?: (c: Call) => Reply;
  } = {},
) {
  let created = false;
  const methods = [...(opts.methods ?? [])];
  return mockFetch((c) => {
    const path = pathOf(c.path);
    if (path === '/api/v1/user/withdrawal/methods' && c.method === 'GET') return ok(methods);
    if (path === '/api/v1/user/withdrawal/methods') {
      const saved = { ...BANK, ...(c.body as object), _id: 'm2' };
      return ok(saved);
    }
    if (path === '/api/v1/user/withdrawal' && c.method === 'GET') return paged(opts.withdrawals ?? [OLD]);
    const cancel = /^\/api\/v1\/user\/withdrawal\/([^/]+)\/cancel$/.exec(path);
    if (cancel && opts.cancel) return opts.cancel(c);
    if (path === '/api/v1/user/withdrawal') {
      const body = c.body as { amount: number; method: string };
      created = true;
      return (
        opts.create?.(c) ?? {
          status: 201,
          body: {
            status: true,
            message: 'Withdrawal request submitted successfully!',
            data: {
              _id: 'w1',
              id: 'w1',
              createdAt: '2026-11-21T10:00:00Z',
              status: 'pending',
              ...body,
              balance: 750,
            },
          },
        }
      );
    }
    if (path === '/api/v1/user/user-details') {
      if (created && opts.offlineAfterCreate) throw new TypeError('Failed to fetch');
      return ok({ ...PLAYER, balance: 750 });
    }
    return undefined;
  });
}

const withdrawNow = () => screen.getByRole('button', { name: 'Withdraw Now' }) as HTMLButtonElement;
const amountBox = () => screen.getByLabelText('Enter Amount') as HTMLInputElement;
const posts = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'POST' && pathOf(c.path) === path);

describe('withdrawal method details', () => {
  it('opens Add for a method with nothing saved and checks the phone', async () => {
    const calls = server();
    await renderWithToasts(<WithdrawalPage />);
    await screen.findByText('Approved');
    await userEvent.click(await screen.findByRole('radio', { name: 'Google Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Google Pay Details' });
    await userEvent.type(within(dialog).getByLabelText('Phone Number'), '98a765');
    expect((within(dialog).getByLabelText('Phone Number') as HTMLInputElement).value).toBe('98765');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Details' }));
    expect(within(dialog).getByText('Please enter a valid phone number')).toBeTruthy();
    expect(posts(calls, '/api/v1/user/withdrawal/methods')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Phone Number'), '43210');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls, '/api/v1/user/withdrawal/methods')[0]?.body).toEqual({
      method: 'gpay',
      phoneNumber: '9876543210',
    });
    const option = screen.getByRole('radio', { name: /Google Pay/ }).closest('label') as HTMLElement;
    expect(within(option).getByText('Saved')).toBeTruthy();
    expect(screen.getByText('*******210')).toBeTruthy();
  });

  it('checks every bank field with the product messages before saving', async () => {
    const calls = server();
    await renderWithToasts(<WithdrawalPage />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Bank Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bank Transfer Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Details' }));
    for (const message of [
      'Account holder name is required',
      'Please enter a valid account number',
      'Please enter a valid IFSC code',
      'Bank name is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.type(field('Account Holder Name'), 'Ravi Kumar');
    await userEvent.type(field('Account Number'), '12345678');
    await userEvent.type(field('Confirm Account Number'), '12345678');
    await userEvent.type(field('IFSC Code'), 'sbin1001234');
    await userEvent.type(field('Bank Name'), 'SBI');
    await userEvent.type(field('Branch Name'), 'Andheri');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Details' }));
    expect(within(dialog).getByText('Please enter a valid account number')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid IFSC code')).toBeTruthy();
    expect(within(dialog).queryByText('Bank name is required')).toBeNull();
    expect(posts(calls, '/api/v1/user/withdrawal/methods')).toHaveLength(0);
    await userEvent.type(field('Account Number'), '9012');
    await userEvent.clear(field('IFSC Code'));
    await userEvent.type(field('IFSC Code'), 'sbin0001234');
    expect((field('IFSC Code') as HTMLInputElement).value).toBe('SBIN0001234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls, '/api/v1/user/withdrawal/methods')[0]?.body).toEqual({
      method: 'bank',
      accountHolderName: 'Ravi Kumar',
      accountNumber: '123456789012',
      confirmAccountNumber: '12345678',
      ifscCode: 'SBIN0001234',
      bankName: 'SBI',
      branchName: 'Andheri',
    });
  });

  it('shows a saved method masked with a Saved tag and opens Update filled in', async () => {
    server({ methods: [BANK] });
    await renderWithToasts(<WithdrawalPage />);
    const bank = await screen.findByRole('radio', { name: /Bank Transfer/ });
    await waitFor(() => expect(within(bank.closest('label') as HTMLElement).getByText('Saved')).toBeTruthy());
    await userEvent.click(bank);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('SBI ********9012')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Bank Transfer Details' });
    expect((within(dialog).getByLabelText('IFSC Code') as HTMLInputElement).value).toBe('SBIN0001234');
    expect(within(dialog).getByRole('button', { name: 'Update Details' })).toBeTruthy();
  });

  it('toasts Failed to add withdrawal method when saving fails without a message', async () => {
    mockFetch((c) => {
      if (c.method === 'POST') return { status: 400, body: { status: false } };
      return pathOf(c.path).endsWith('/methods') ? ok([]) : paged([]);
    });
    await renderWithToasts(<WithdrawalPage />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Paytm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Paytm Details' });
    await userEvent.type(within(dialog).getByLabelText('Phone Number'), '9876543210');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Details' }));
    expect(await screen.findByText('Failed to add withdrawal method')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Paytm Details' })).toBeTruthy();
  });

  it('toasts the list defaults when methods and withdrawals cannot be read', async () => {
    mockFetch(() => ({ status: 400, body: { status: false } }));
    await renderWithToasts(<WithdrawalPage />);
    expect(await screen.findByText('Failed to get withdrawal methods')).toBeTruthy();
    expect(await screen.findByText('Failed to get withdrawals')).toBeTruthy();
  });
});

describe('Withdraw Now', () => {
  it('is silently blocked: no amount, above the balance, no method, method not saved', async () => {
    const calls = server({ methods: [BANK] });
    await renderWithToasts(<WithdrawalPage />);
    await screen.findByText('Saved');
    expect(withdrawNow().disabled).toBe(true);
    await userEvent.type(amountBox(), '1300');
    expect(withdrawNow().disabled).toBe(true);
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '1250');
    expect(withdrawNow().disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'PhonePe' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(withdrawNow().disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    expect(withdrawNow().disabled).toBe(false);
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '0');
    expect(withdrawNow().disabled).toBe(true);
    expect(posts(calls, '/api/v1/user/withdrawal')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends {amount, method} once, shows the banner for 3 s and the new withdrawal on top', async () => {
    const calls = server({ methods: [BANK] });
    await renderWithToasts(<WithdrawalPage />);
    // A withdrawal is at most 1 crore: the box keeps 8 digits, no leading zero.
    await userEvent.type(amountBox(), '0123456789');
    expect(amountBox().value).toBe('12345678');
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), 'x500');
    expect(amountBox().value).toBe('500');
    await userEvent.click(await screen.findByRole('radio', { name: /Bank Transfer/ }));
    await waitFor(() => expect(withdrawNow().disabled).toBe(false));
    await userEvent.click(withdrawNow());
    expect(await screen.findByText('Withdrawal request submitted successfully!')).toBeTruthy();
    const post = posts(calls, '/api/v1/user/withdrawal')[0];
    expect(post?.body).toEqual({ amount: 500, method: 'bank' });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(tableText(screen.getByRole('table')).rows).toEqual([
      ['21 NOV 202603:30 PM', 'Bank Transfer', '₹500', 'PendingCancel'],
      ['20 NOV 202603:30 PM', 'Google Pay', '₹300', 'Approved'],
    ]);
    expect(amountBox().value).toBe('');
    await waitFor(() => expect(screen.getByText('₹750')).toBeTruthy());
    await act(() => new Promise((r) => setTimeout(r, 3100)));
    expect(screen.queryByText('Withdrawal request submitted successfully!')).toBeNull();
  });

  it('the balance the answer carries shows at once, even when the refresh after it fails', async () => {
    server({ methods: [BANK], offlineAfterCreate: true });
    useAppStore.setState({ user: { ...PLAYER, balance: 1250 } });
    await renderWithToasts(<WithdrawalPage />);
    await userEvent.type(amountBox(), '500');
    await userEvent.click(await screen.findByRole('radio', { name: /Bank Transfer/ }));
    await waitFor(() => expect(withdrawNow().disabled).toBe(false));
    await userEvent.click(withdrawNow());
    expect((await screen.findAllByText('Withdrawal request submitted successfully!')).length).toBeGreaterThan(
      0,
    );
    await waitFor(() => expect(useAppStore.getState().user?.balance).toBe(750));
    expect(screen.getByText('₹750')).toBeTruthy();
  });

  it('a refused request shows the inline failure and toasts the reason', async () => {
    server({
      methods: [BANK],
      create: () => ({ status: 422, body: { status: false, message: 'Insufficient balance' } }),
    });
    await renderWithToasts(<WithdrawalPage />);
    await userEvent.type(amountBox(), '100');
    await userEvent.click(await screen.findByRole('radio', { name: /Bank Transfer/ }));
    await waitFor(() => expect(withdrawNow().disabled).toBe(false));
    await userEvent.click(withdrawNow());
    expect(await screen.findByText('Failed to submit withdrawal request!')).toBeTruthy();
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
  });

  it('says No withdrawal history found for a player who never withdrew', async () => {
    server({ withdrawals: [] });
    await renderWithToasts(<WithdrawalPage />);
    expect(await screen.findByText('No withdrawal history found')).toBeTruthy();
  });

  it('badges approved green, rejected red and anything else pending-style', async () => {
    server({
      withdrawals: [
        { ...OLD, _id: 'a', status: 'rejected' },
        { ...OLD, _id: 'b', status: 'on-hold' },
      ],
    });
    await renderWithToasts(<WithdrawalPage />);
    expect((await screen.findByText('Rejected')).className).toContain('badge-muted');
    expect(screen.getByText('Pending').className).toContain('badge-pending');
  });

  it("shows when each withdrawal was decided and the operator's reason for a rejection", async () => {
    server({
      withdrawals: [
        {
          ...OLD,
          _id: 'a',
          status: 'rejected',
          reason: 'Name does not match',
          decidedAt: '2026-11-20T12:00:00Z',
        },
        { ...OLD, _id: 'b', status: 'cancelled', reason: null, decidedAt: '2026-11-20T11:00:00Z' },
      ],
    });
    await renderWithToasts(<WithdrawalPage />);
    expect(await screen.findByText('Reason: Name does not match')).toBeTruthy();
    expect(tableText(screen.getByRole('table')).rows).toEqual([
      ['20 NOV 202603:30 PM', 'Google Pay', '₹300', 'Rejected20 NOV 202605:30 PMReason: Name does not match'],
      ['20 NOV 202603:30 PM', 'Google Pay', '₹300', 'Cancelled20 NOV 202604:30 PM'],
    ]);
    expect(screen.getByText('Cancelled').className).toContain('badge-muted');
    expect(screen.queryByRole('button', { name: /Cancel withdrawal/ })).toBeNull();
  });

  it('shows when an approved withdrawal was paid and its UTR, with a Copy button that copies it', async () => {
    server({
      withdrawals: [
        { ...OLD, _id: 'a', paidAt: '2026-11-28T09:40:00Z', payoutUtr: '433212345678' },
        { ...OLD, _id: 'b', paidAt: '2026-11-27T04:30:00Z', payoutUtr: null },
      ],
    });
    await renderWithToasts(<WithdrawalPage />);
    await screen.findByText('UTR 433212345678');
    expect(tableText(screen.getByRole('table')).rows.map((r) => r[3])).toEqual([
      'ApprovedPaid on 28 Nov, 03:10 PMUTR 433212345678Copy',
      'ApprovedPaid on 27 Nov, 10:00 AM',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy UTR 433212345678' }));
    expect(await screen.findByText('UTR copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('433212345678');
  });

  it.each([
    ['hi', '28 नव॰, 03:10 PM को पैसा भेजा गया', 'UTR 433212345678 कॉपी करें'],
    ['mr', '28 नोव्हें, 03:10 PM ला पेमेंट झाले', 'UTR 433212345678 कॉपी करा'],
  ] as const)(
    'says it in %s: the month in the language, the UTR and time as they are',
    async (lang, paid, copy) => {
      await switchLanguage(lang);
      try {
        server({
          withdrawals: [{ ...OLD, _id: 'a', paidAt: '2026-11-28T09:40:00Z', payoutUtr: '433212345678' }],
        });
        await renderWithToasts(<WithdrawalPage />);
        expect(await screen.findByText(paid)).toBeTruthy();
        expect(screen.getByRole('button', { name: copy })).toBeTruthy();
      } finally {
        await switchLanguage('en');
      }
    },
  );

  it('cancels a pending withdrawal only after the player confirms, and shows the refund', async () => {
    const PENDING = { ...OLD, _id: 'p1', id: 'p1', status: 'pending', amount: 200, decidedAt: null };
    // Like the real server, a list read after the cancel shows the row cancelled (the screen may
    // read its page again at any time: on reconnection, or when the worker refreshed it).
    const list: unknown[] = [PENDING];
    const calls = server({
      withdrawals: list,
      cancel: () => {
        const cancelled = { ...PENDING, status: 'cancelled', decidedAt: '2026-11-21T10:05:00Z' };
        list[0] = cancelled;
        return ok({ ...cancelled, balance: 1450 });
      },
    });
    useAppStore.setState({ user: { ...PLAYER, balance: 1250 } });
    await renderWithToasts(<WithdrawalPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel withdrawal of ₹200' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel withdrawal?' });
    expect(dialog.textContent).toContain('Cancel your withdrawal of ₹200 to Google Pay?');
    // Backing out sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls, '/api/v1/user/withdrawal/p1/cancel')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel withdrawal of ₹200' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }),
    );
    expect(await screen.findByText('Withdrawal cancelled and refunded')).toBeTruthy();
    expect(posts(calls, '/api/v1/user/withdrawal/p1/cancel')).toHaveLength(1);
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    // The refunded balance comes from the answer, then the player is read again.
    const at = calls.findIndex((c) => pathOf(c.path) === '/api/v1/user/withdrawal/p1/cancel');
    await waitFor(() =>
      expect(calls.slice(at).some((c) => pathOf(c.path) === '/api/v1/user/user-details')).toBe(true),
    );
  });

  it('a cancel that lost to the operator toasts why and reads the list again', async () => {
    const PENDING = { ...OLD, _id: 'p2', id: 'p2', status: 'pending', amount: 50 };
    let decided = false;
    mockFetch((c) => {
      const path = pathOf(c.path);
      if (path === '/api/v1/user/withdrawal/methods') return ok([]);
      if (path === '/api/v1/user/withdrawal')
        return paged([
          decided ? { ...PENDING, status: 'approved', decidedAt: '2026-11-21T10:01:00Z' } : PENDING,
        ]);
      if (path === '/api/v1/user/withdrawal/p2/cancel') {
        decided = true;
        return { status: 409, body: { status: false, message: 'This withdrawal was already decided' } };
      }
      return undefined;
    });
    await renderWithToasts(<WithdrawalPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel withdrawal of ₹50' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }),
    );
    expect(await screen.findByText('This withdrawal was already decided')).toBeTruthy();
    expect(await screen.findByText('Approved')).toBeTruthy();
  });
});
