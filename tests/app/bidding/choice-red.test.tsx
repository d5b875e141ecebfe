import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockNetwork, renderForm, tile } from './harness';

describe('choice panna', () => {
  it("uses 'Submit Game', filters by position and class, and carries bidDate", async () => {
    const net = mockNetwork();
    const { user } = renderForm('choice-panna-bulk');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.type(screen.getByLabelText('Left'), '1');
    expect(screen.getByText('Please select a panna type (SP, DP, TP)')).toBeTruthy();
    await user.click(screen.getByLabelText('DP'));
    await user.type(screen.getByLabelText('Right'), '0');
    expect(screen.getByTestId('total-points').textContent).toBe('₹20');
    await user.click(screen.getByRole('button', { name: 'Submit Game' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(net.sent).toHaveLength(1));
    expect(net.sent[0]?.rows).toEqual(
      ['100', '110'].map((p) => ({
        game: 'main-game-1',
        gameType: 'choice-panna',
        amount: 10,
        session: 'Open',
        openDigit: p,
        pannaType: 'DP',
        bidDate: '2026-11-21',
      })),
    );
  });
});

describe('red bracket', () => {
  it('offers the 20 red jodis, needs an amount first, carries bidDate', async () => {
    const net = mockNetwork();
    const { user } = renderForm('red-bracket-bulk');
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(20);
    await user.click(tile('33'));
    expect(await screen.findByText('Please enter amount before selecting bracket')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount'), '25');
    await user.click(tile('33'));
    await user.click(tile('94'));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(net.sent).toHaveLength(1));
    expect(net.sent[0]?.rows).toEqual(
      ['33', '94'].map((j) => ({
        game: 'main-game-1',
        gameType: 'red-bracket',
        amount: 25,
        session: 'Open',
        openDigit: j,
        bidDate: '2026-11-21',
      })),
    );
  });
});
