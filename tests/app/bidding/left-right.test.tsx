import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogRows, mockNetwork, renderForm, tile } from './harness';

describe.each([
  ['left-digit-bulk', 'left-digit', 'Left Digit', 'Left'],
  ['right-digit-bulk', 'right-digit', 'Right Digit', 'Right'],
])('%s (galidisawar)', (slug, gameType, title, label) => {
  it('heading, one-character filter, inline min/max, Submit Game disabled until ready, digit rows', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm(slug, { family: 'galidisawar' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${title} (10 KA 95) - GALI 11:30 PM`);
    expect(screen.queryByLabelText('Select Market Type')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit Game' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Numbers' }).className).toContain('bid-grid-5');
    expect(screen.getAllByText(label)).toHaveLength(10);

    const filter = screen.getByLabelText('Digit') as HTMLInputElement;
    expect(filter.maxLength).toBe(1);
    await user.type(filter, 'x');
    expect(screen.getByText('Only numbers from 0-9 are allowed')).toBeTruthy();
    await user.clear(filter);
    await user.type(filter, '4');
    expect(
      screen.getAllByRole('button', { pressed: false }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['4']);
    await user.clear(filter);

    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.type).toBe('number');
    expect(amount.min).toBe('1');
    expect(amount.required).toBe(true);
    await user.type(amount, '5');
    expect(screen.getByRole('alert').textContent).toBe('Minimum bid amount is 10');
    await user.type(amount, '00000');
    expect(screen.getByRole('alert').textContent).toBe('Maximum bid amount is 10000');
    await user.clear(amount);
    await user.type(amount, '20');
    expect(submit.disabled).toBe(true);
    await user.click(tile('2'));
    await user.click(tile('8'));
    expect(tile('2').textContent).toContain('20');
    expect(submit.disabled).toBe(false);
    expect(screen.getByTestId('total-points').textContent).toBe('₹40');
    await user.click(submit);
    expect(dialogRows()).toEqual([
      ['2', '20'],
      ['8', '20'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.url).toBe('/api/v1/admin/galidisawar-bid');
    expect(net.sent[0]?.rows).toEqual([
      { game: 'galidisawar-game-1', gameType, amount: 20, digit: '2' },
      { game: 'galidisawar-game-1', gameType, amount: 20, digit: '8' },
    ]);
  });
});
