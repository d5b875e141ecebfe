import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AFTER_OPEN, dialog, dialogRows, mockNetwork, renderForm, tile } from './harness';

describe('jodi digit', () => {
  it('bulk on a main market: 10 per row, whole-day rows are session Open + openDigit', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('jodi-digit-bulk');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Jodi Digit (10 KA 950) - KALYAN 10:00 AM - 10:00 PM',
    );
    // Jodi has no session (issue 39): no market type to pick, only when its bids close.
    expect(screen.queryByLabelText('Select Market Type')).toBeNull();
    expect(screen.getByText('For the whole day: bids close at 10:00 AM')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Numbers' }).className).toContain('bid-grid-10');
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(100);
    await user.click(tile('05'));
    expect(await screen.findByText('Please enter amount before selecting digits')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(tile('05'));
    expect(await screen.findByText('Please enter a valid amount first')).toBeTruthy();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '20');
    await user.click(tile('05'));
    await user.click(tile('99'));
    await user.click(tile('05'));
    await user.click(tile('00'));
    expect(screen.getByTestId('total-points').textContent).toBe('₹40');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(within(dialog()).getByRole('columnheader', { name: 'Jodi' })).toBeTruthy();
    expect(within(dialog()).queryByRole('columnheader', { name: 'Market Type' })).toBeNull();
    expect(dialogRows()).toEqual([
      ['99', '20'],
      ['00', '20'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows).toEqual([
      { game: 'main-game-1', gameType: 'jodi-digit', amount: 20, session: 'Open', openDigit: '99' },
      { game: 'main-game-1', gameType: 'jodi-digit', amount: 20, session: 'Open', openDigit: '00' },
    ]);
  }, 15_000);

  it('after open time a main jodi says it is closed, and See Bids is off', () => {
    renderForm('jodi-digit', { now: AFTER_OPEN });
    expect(screen.queryByLabelText('Select Market Type')).toBeNull();
    expect(screen.getByText('Bid not allowed after market close !').getAttribute('role')).toBe('status');
    expect((screen.getByRole('button', { name: 'See Bids' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('single mode on galidisawar: no market type, the jodi in digit, to /admin/galidisawar-bid', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('jodi-digit', { family: 'galidisawar' });
    expect(screen.queryByLabelText('Select Market Type')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Jodi Digit (10 KA 950) - GALI 11:30 PM',
    );
    await user.type(screen.getByLabelText('Amount for 42'), '15');
    await user.type(screen.getByLabelText('Amount for 07'), '30');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(screen.queryByRole('columnheader', { name: 'Market Type' })).toBeNull();
    expect(dialogRows()).toEqual([
      ['42', '15'],
      ['07', '30'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.url).toBe('/api/v1/admin/galidisawar-bid');
    expect(net.sent[0]?.rows).toEqual([
      { game: 'galidisawar-game-1', gameType: 'jodi-digit', amount: 15, digit: '42' },
      { game: 'galidisawar-game-1', gameType: 'jodi-digit', amount: 30, digit: '07' },
    ]);
  });
});
