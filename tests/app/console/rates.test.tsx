import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_RATES } from '../../../server/seed/demo-data';
import { Rates } from '../../../src/admin/rates';
import { mockFetch, ok } from '../shell/helpers';

// The console's rates (src/admin/rates.tsx) say that a change applies to bids placed after it: a
// bid keeps the rate it was placed at (docs/api.md, issue 45), and the operator is told so before
// and when saving.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console rates', () => {
  it('say a change applies to bids placed after it, before and when saving', async () => {
    const calls = mockFetch((call) => {
      if (call.path === '/api/v1/admin/game-point') return ok([{ _id: 'r', ...DEMO_RATES.main }]);
      return undefined;
    });
    const user = userEvent.setup();
    render(<Rates family="main" />);
    expect(
      screen.getByText(/A change applies to bids placed after it: bids already placed keep the rate/),
    ).toBeTruthy();
    const wins = await screen.findByLabelText('Single Digit wins');
    await user.clear(wins);
    await user.type(wins, '80');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    const question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('Single Digit: bet 10 wins 95 → bet 10 wins 80');
    expect(question.textContent).toContain(
      'bids already placed, even those still waiting for a result, are paid at the rate they were placed at',
    );
    await user.click(within(question).getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ singleDigitAmount: 80 });
  });
});
