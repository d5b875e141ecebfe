import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pannaClass } from '../../../src/domain/pannas';
import { dialogRows, dialogWins, mockNetwork, renderForm, tile } from './harness';

describe('sp and dp motor', () => {
  it('sp motor bulk: digit rules, then the generated pannas selected at the amount', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('sp-motor-bulk');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('SP Motor (10 KA 1400)');
    const digits = screen.getByLabelText('Enter Digits');
    await user.type(digits, '123');
    expect(screen.getByText('Please enter at least 4 digits')).toBeTruthy();
    await user.type(digits, '3');
    expect(screen.getByText('Duplicate digits are not allowed')).toBeTruthy();
    await user.clear(digits);
    await user.type(digits, '12a4');
    expect(screen.getByText('Only numbers from 0-9 are allowed')).toBeTruthy();
    await user.clear(digits);
    await user.type(digits, '12345678901');
    expect(screen.getByText('You can enter maximum 10 digits (0-9)')).toBeTruthy();
    await user.clear(digits);
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
    await user.type(digits, '1234');
    await user.type(screen.getByLabelText('Amount'), '10');
    expect(screen.getByTestId('total-points').textContent).toBe('₹40');
    await user.click(tile('134'));
    expect(screen.getByTestId('total-points').textContent).toBe('₹30');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(dialogRows().map((r) => r[0])).toEqual(['123', '124', '234']);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows).toEqual(
      ['123', '124', '234'].map((p) => ({
        game: 'main-game-1',
        gameType: 'sp-motor',
        amount: 10,
        session: 'Open',
        openDigit: p,
        pannaType: 'SP',
      })),
    );
  });

  it('dp motor single: digits build the pannas, each with its own amount', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('dp-motor');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findByText('Please enter at least 3 digits')).toBeTruthy();
    await user.type(screen.getByLabelText('Enter Digits'), '123');
    expect(screen.getAllByLabelText(/^Amount for /).map((i) => i.getAttribute('aria-label'))).toEqual(
      ['112', '113', '122', '133', '223', '233'].map((p) => `Amount for ${p}`),
    );
    await user.type(screen.getByLabelText('Amount for 122'), '10');
    await user.type(screen.getByLabelText('Amount for 233'), '20');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows).toEqual([
      {
        game: 'main-game-1',
        gameType: 'dp-motor',
        amount: 10,
        session: 'Open',
        openDigit: '122',
        pannaType: 'DP',
      },
      {
        game: 'main-game-1',
        gameType: 'dp-motor',
        amount: 20,
        session: 'Open',
        openDigit: '233',
        pannaType: 'DP',
      },
    ]);
  });

  it('sp motor single drops amounts of pannas the new digits no longer make', async () => {
    const { user } = renderForm('sp-motor');
    await user.type(screen.getByLabelText('Enter Digits'), '12345');
    await user.type(screen.getByLabelText('Amount for 345'), '10');
    await user.type(screen.getByLabelText('Amount for 123'), '10');
    expect(screen.getByTestId('total-points').textContent).toBe('₹20');
    await user.type(screen.getByLabelText('Enter Digits'), '{Backspace}');
    expect(screen.queryByLabelText('Amount for 345')).toBeNull();
    expect(screen.getByTestId('total-points').textContent).toBe('₹10');
  });
});

describe('sp dp tp', () => {
  it('keeps the fixed 0 KA 9 title and needs a motor type', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('sp-dp-tp-bulk');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Sp Dp Tp (0 KA 9) - KALYAN 10:00 AM - 10:00 PM',
    );
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.type(screen.getByLabelText('Digit'), '0');
    expect(screen.getByText('Please select at least one motor type (SP, DP, TP)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findAllByText('Please select at least one motor type (SP, DP, TP)')).toHaveLength(2);
    await user.click(screen.getByLabelText('TP'));
    expect(screen.getByTestId('total-points').textContent).toBe('₹10');
    await user.click(screen.getByLabelText('DP'));
    expect(screen.getByTestId('total-points').textContent).toBe('₹100');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    const rows = net.sent[0]?.rows ?? [];
    expect(rows).toHaveLength(10);
    expect(rows.find((r) => r.openDigit === '000')).toEqual({
      game: 'main-game-1',
      gameType: 'sp-dp-tp-motor',
      amount: 10,
      session: 'Open',
      openDigit: '000',
      pannaType: 'TP',
    });
    expect(rows.filter((r) => r.pannaType === 'DP')).toHaveLength(9);
  });

  it("shows and sends each generated panna's own class rate (docs/api.md: a bid keeps its rate)", async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('sp-dp-tp-bulk');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.type(screen.getByLabelText('Digit'), '0');
    for (const motor of ['SP', 'DP', 'TP']) await user.click(screen.getByLabelText(motor));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    // 10 points at 10 KA 1400 (SP), 10 KA 2800 (DP), 10 KA 7000 (TP): the seed's rates.
    const WIN = { SP: '1400', DP: '2800', TP: '7000' };
    const wins = dialogWins();
    const shown = dialogRows().map(([panna], i) => [pannaClass(panna as string), wins[i]]);
    expect(new Set(shown.map(([cls]) => cls))).toEqual(new Set(['SP', 'DP', 'TP']));
    for (const [cls, win] of shown) expect(win).toBe(WIN[cls as keyof typeof WIN]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    const sent = net.sent[0] as NonNullable<(typeof net.sent)[0]>;
    for (const [i, row] of sent.rows.entries()) {
      expect(sent.rates[i]).toEqual({ point: 10, amount: Number(WIN[row.pannaType as keyof typeof WIN]) });
    }
  });
});
