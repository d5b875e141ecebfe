import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogRows, mockNetwork, renderForm, tile } from './harness';

describe('panna screens', () => {
  it.each([
    ['single-panna', 'single-panna', '128', 'SP', 120],
    ['double-panna', 'double-panna', '112', 'DP', 90],
    ['triple-panna', 'triple-panna', '777', 'TP', 10],
  ])(
    '%s single mode sends pannaType with the panna in openDigit',
    async (slug, gameType, panna, cls, count) => {
      const net = mockNetwork();
      const { user, onPlaced } = renderForm(slug);
      expect(screen.getAllByLabelText(/^Amount for /)).toHaveLength(count);
      await user.type(screen.getByLabelText(`Amount for ${panna}`), '10');
      await user.click(screen.getByRole('button', { name: 'See Bids' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(onPlaced).toHaveBeenCalled());
      expect(net.sent[0]?.rows).toEqual([
        { game: 'main-game-1', gameType, amount: 10, session: 'Open', openDigit: panna, pannaType: cls },
      ]);
    },
  );

  it('bulk mode: panna tiles need an amount first', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('double-panna-bulk');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Double Panna (10 KA 2800)');
    await user.click(tile('100'));
    expect(await screen.findByText('Please enter amount first before selecting panna')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.selectOptions(screen.getByLabelText('Select Market Type'), 'Close');
    await user.click(tile('100'));
    await user.click(tile('550'));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(dialogRows()).toEqual([
      ['100', '10', 'Close'],
      ['550', '10', 'Close'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows.map((r) => [r.session, r.closeDigit, r.pannaType, r.openDigit])).toEqual([
      ['Close', '100', 'DP', undefined],
      ['Close', '550', 'DP', undefined],
    ]);
  });

  it('starline: no market type, the panna in digit, to /user/starline-bid', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('single-panna-bulk', { family: 'starline' });
    expect(screen.queryByLabelText('Select Market Type')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Single Panna (10 KA 1400) - STAR 21 09:00 PM',
    );
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(tile('137'));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.url).toBe('/api/v1/user/starline-bid');
    expect(net.sent[0]?.rows).toEqual([
      { game: 'starline-game-1', gameType: 'single-panna', amount: 10, digit: '137' },
    ]);
  });

  it('starline single digit sends digit only', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('single-digit', { family: 'starline' });
    await user.type(screen.getByLabelText('Amount for 6'), '12');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows).toEqual([
      { game: 'starline-game-1', gameType: 'single-digit', amount: 12, digit: '6' },
    ]);
  });
});
