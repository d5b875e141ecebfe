import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AFTER_OPEN, dialogRows, mockNetwork, renderForm } from './harness';

describe('full sangam', () => {
  it('needs both pannas, adds bids one by one, sends openPanna + closePanna', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('full-sangam');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Full Sangam (10 KA 100000)');
    await user.click(screen.getByRole('button', { name: 'Submit Game' }));
    expect(await screen.findByText('Please add at least one bid')).toBeTruthy();
    await user.type(screen.getByLabelText('Open Panna'), '123');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please select both Open Panna and Close Panna')).toBeTruthy();
    await user.type(screen.getByLabelText('Close Panna'), '091');
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Minimum bid amount is 10')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('total-points').textContent).toBe('₹50');
    await user.click(screen.getByRole('button', { name: 'Submit Game' }));
    expect(screen.getByRole('columnheader', { name: 'Open Panna' })).toBeTruthy();
    expect(dialogRows()).toEqual([['123', '190', '50']]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows).toEqual([
      {
        game: 'main-game-1',
        gameType: 'full-sangam',
        amount: 50,
        session: 'Open',
        openPanna: '123',
        closePanna: '190',
      },
    ]);
  });

  it('after open time it says it is closed (a whole-day bet: no market type to pick)', () => {
    renderForm('full-sangam', { now: AFTER_OPEN });
    expect(screen.queryByLabelText('Select Market Type')).toBeNull();
    expect(screen.getByText('Bid not allowed after market close !').getAttribute('role')).toBe('status');
  });
});

describe('half sangam', () => {
  it('Open = openDigit + closePanna, Close = openPanna + closeDigit; a session change clears all', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('half-sangam');
    const select = screen.getByLabelText('Select Market Type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['Open', 'Close']);
    await user.type(screen.getByLabelText('Open Digit'), '4');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please select both Open Digit and Close Panna')).toBeTruthy();
    await user.type(screen.getByLabelText('Close Panna'), '149');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('total-points').textContent).toBe('₹10');

    await user.selectOptions(select, 'Close');
    expect(screen.getByTestId('total-points').textContent).toBe('₹0');
    await user.type(screen.getByLabelText('Close Digit'), '7');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please select both Close Digit and Open Panna')).toBeTruthy();
    await user.type(screen.getByLabelText('Open Panna'), '250');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Submit Game' }));
    expect(dialogRows()).toEqual([['7', '250', '10', 'Close']]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rows).toEqual([
      {
        game: 'main-game-1',
        gameType: 'half-sangam',
        amount: 10,
        session: 'Close',
        openPanna: '250',
        closeDigit: '7',
      },
    ]);
  });

  it('closes at open time for both variants (docs/game-rules.md section 4)', () => {
    renderForm('half-sangam', { now: AFTER_OPEN });
    const select = screen.getByLabelText('Select Market Type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['No markets available']);
  });
});
