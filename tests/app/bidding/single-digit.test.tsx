import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AFTER_OPEN, dialogRows, mockNetwork, renderForm, tile } from './harness';

describe('single digit (bulk)', () => {
  it('keeps tiles dead until an amount exists, then sends one Open row per digit', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('single-digit-bulk');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Single Digit (10 KA 95) - KALYAN 10:00 AM - 10:00 PM',
    );
    expect(screen.getByLabelText('Select Market Type')).toHaveProperty('value', 'Open');
    await user.click(tile('3'));
    expect(await screen.findByText('Please enter amount first')).toBeTruthy();
    expect(tile('3').getAttribute('aria-pressed')).toBe('false');

    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(tile('3'));
    await user.click(tile('7'));
    expect(screen.getByTestId('total-points').textContent).toBe('₹100');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(screen.getByText('Confirm Your Bids for KALYAN')).toBeTruthy();
    expect(dialogRows()).toEqual([
      ['3', '50', 'Open'],
      ['7', '50', 'Open'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent).toHaveLength(1);
    expect(net.sent[0]?.url).toBe('/api/v1/user/main/bids');
    expect(net.sent[0]?.rows).toEqual([
      { game: 'main-game-1', gameType: 'single-digit', amount: 50, session: 'Open', openDigit: '3' },
      { game: 'main-game-1', gameType: 'single-digit', amount: 50, session: 'Open', openDigit: '7' },
    ]);
    expect(await screen.findByText('Bid created successfully!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('total-points').textContent).toBe('₹0');
  });

  it('checks the amount and the selection before the dialog', async () => {
    const { user } = renderForm('single-digit-bulk');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount'), '5');
    expect(screen.getByRole('alert').textContent).toBe('Minimum bid amount is 10');
    await user.type(screen.getByLabelText('Amount'), '0000');
    expect(screen.getByRole('alert').textContent).toBe('Maximum bid amount is 10000');
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '20');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findByText('Please select at least one digit')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after open time offers only Close and puts the digit in closeDigit', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('single-digit-bulk', { now: AFTER_OPEN });
    const select = screen.getByLabelText('Select Market Type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['Close']);
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(tile('0'));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows).toEqual([
      { game: 'main-game-1', gameType: 'single-digit', amount: 10, session: 'Close', closeDigit: '0' },
    ]);
  });
});

describe('single digit (single mode)', () => {
  it('one amount per digit; blank or zero removes a bid; each amount checked', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('single-digit');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findByText('Please enter at least one bid')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount for 4'), '25');
    await user.type(screen.getByLabelText('Amount for 9'), '5');
    await user.type(screen.getByLabelText('Amount for 1'), '0');
    expect(screen.getByTestId('total-points').textContent).toBe('₹30');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findByText('Minimum bid amount is 10')).toBeTruthy();
    expect(screen.getByLabelText('Amount for 9').getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText('Amount for 9'));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(dialogRows()).toEqual([['4', '25', 'Open']]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows).toEqual([
      { game: 'main-game-1', gameType: 'single-digit', amount: 25, session: 'Open', openDigit: '4' },
    ]);
  });

  it('a session change clears the entered bids', async () => {
    const { user } = renderForm('single-digit');
    await user.type(screen.getByLabelText('Amount for 4'), '25');
    await user.selectOptions(screen.getByLabelText('Select Market Type'), 'Close');
    expect(screen.getByLabelText('Amount for 4')).toHaveProperty('value', '');
    expect(screen.getByTestId('total-points').textContent).toBe('₹0');
  });
});
