import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameLine, nameHasTime } from '../../../src/lib/bid-title';
import { useAppStore } from '../../../src/store/store';
import { PLAYER } from '../shell/helpers';
import { dialog, failed, mockNetwork, renderForm, tile } from './harness';

// Issue 39 item 4: the bid screens' rough edges a new player hit.

afterEach(() => {
  useAppStore.setState({ user: null });
  vi.restoreAllMocks();
});

async function seeBids(user: ReturnType<typeof renderForm>['user'], amount: string, ...tiles: string[]) {
  await user.type(screen.getByLabelText('Amount'), amount);
  for (const t of tiles) await user.click(tile(t));
  await user.click(screen.getByRole('button', { name: /See Bids|Submit Game/ }));
}

describe('the confirmation dialog', () => {
  it('heads pannas Panna, and says the balance after the bids', async () => {
    useAppStore.setState({ user: { ...PLAYER, balance: 1000 } });
    const { user } = renderForm('single-panna-bulk');
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getAllByRole('button', { pressed: false })[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(within(dialog()).getByRole('columnheader', { name: 'Panna' })).toBeTruthy();
    expect(within(dialog()).queryByRole('columnheader', { name: 'Digit' })).toBeNull();
    expect(within(dialog()).getByTestId('balance-after').textContent).toBe('₹950');
  });

  it('names a Left Digit bid as Left Digit, the amount first like every bulk screen', async () => {
    const { user } = renderForm('left-digit-bulk', { family: 'galidisawar' });
    const amount = screen.getByLabelText('Amount');
    const filter = screen.getByLabelText('Digit');
    expect(amount.compareDocumentPosition(filter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await seeBids(user, '10', '4');
    expect(within(dialog()).getByRole('columnheader', { name: 'Left Digit' })).toBeTruthy();
  });

  it('a short balance says so with Add Fund, before and after Submit', async () => {
    useAppStore.setState({ user: { ...PLAYER, balance: 15 } });
    mockNetwork([failed(422, 'Insufficient balance')]);
    const onAddFund = vi.fn();
    const { user } = renderForm('single-digit-bulk', { onAddFund });
    await seeBids(user, '10', '1', '2');
    expect(within(dialog()).getByTestId('balance-after').textContent).toBe('-₹5');
    const alert = within(dialog()).getByRole('alert');
    expect(alert.textContent).toContain('Not enough balance for these bids');
    await user.click(within(alert).getByRole('link', { name: 'Add Fund' }));
    expect(onAddFund).toHaveBeenCalledTimes(1);
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert').textContent).toContain('Insufficient balance'),
    );
    expect(within(within(dialog()).getByRole('alert')).getByRole('link', { name: 'Add Fund' })).toBeTruthy();
  });

  it('offline: nothing is sent, and the dialog says so and stays open', async () => {
    const net = mockNetwork();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, onPlaced } = renderForm('single-digit-bulk');
    await seeBids(user, '10', '3');
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    expect(
      within(dialog()).getByText(
        'You are offline. Your bid was not sent: connect to the internet and tap Submit again.',
      ),
    ).toBeTruthy();
    expect(net.sent).toHaveLength(0);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('no answer after sending: says it may not be placed, and a retry keeps the key', async () => {
    const lost = () => new TypeError('Failed to fetch');
    const net = mockNetwork([lost(), lost(), lost(), lost()]);
    const { user, onPlaced } = renderForm('single-digit-bulk');
    await seeBids(user, '10', '3');
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await within(dialog()).findByText(/No answer from the server/, {}, { timeout: 20_000 });
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(new Set(net.sent.map((s) => s.key)).size).toBe(1);
  }, 30_000);

  it('the dismiss is the cross, still named Close', async () => {
    const { user } = renderForm('single-digit-bulk');
    await seeBids(user, '10', '3');
    const close = within(dialog()).getByRole('button', { name: 'Close' });
    expect(close.textContent).toBe('✕');
    expect(within(dialog()).getAllByRole('button', { name: 'Close' })).toHaveLength(1);
  });
});

describe('the title', () => {
  it.each([
    [{ gameName: 'Starline 10:00 AM', openTime: '10:00' }, 'Starline 10:00 AM'],
    [{ gameName: 'Starline 1:00 PM', openTime: '13:00' }, 'Starline 1:00 PM'],
    [{ gameName: 'KALYAN', openTime: '16:10', closeTime: '18:10' }, 'KALYAN 04:10 PM - 06:10 PM'],
    [{ gameName: 'Star 1:00 PM', openTime: '14:00' }, 'Star 1:00 PM 02:00 PM'],
  ])('%o reads %s', (game, line) => {
    expect(gameLine(game)).toBe(line);
  });

  it('knows a time in a name with or without the leading zero', () => {
    expect(nameHasTime('starline 01:00 pm', '13:00')).toBe(true);
    expect(nameHasTime('Milan', '13:00')).toBe(false);
  });
});
