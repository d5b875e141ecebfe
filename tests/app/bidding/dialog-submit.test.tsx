import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialog, dialogRows, dialogWins, failed, mockNetwork, renderForm, tile } from './harness';

async function twoBids(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByLabelText('Amount'), '10');
  await user.click(tile('1'));
  await user.click(tile('2'));
  await user.click(screen.getByRole('button', { name: 'See Bids' }));
}

describe('confirmation dialog', () => {
  it('shows totals, deletes rows and closes when the last row goes', async () => {
    const { user } = renderForm('single-digit-bulk');
    await twoBids(user);
    expect(within(dialog()).getByTestId('total-bids').textContent).toBe('2');
    expect(within(dialog()).getByTestId('dialog-total-points').textContent).toBe('₹20');
    expect(within(dialog()).getByRole('columnheader', { name: 'Market Type' })).toBeTruthy();
    // What each bid pays if it wins, at the rate it keeps: 10 points at 10 KA 95.
    expect(dialogWins()).toEqual(['95', '95']);
    expect(within(dialog()).getByText(/Your bid keeps this rate/)).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 1' }));
    expect(dialogRows()).toEqual([['2', '10', 'Open']]);
    expect(within(dialog()).getByTestId('total-bids').textContent).toBe('1');
    expect(tile('1').getAttribute('aria-pressed')).toBe('false');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('total-points').textContent).toBe('₹0');
  });

  it('Close keeps the bids; Reset clears the form', async () => {
    const { user } = renderForm('single-digit-bulk');
    await twoBids(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('total-points').textContent).toBe('₹20');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('total-points').textContent).toBe('₹0');
    expect(screen.getByLabelText('Amount')).toHaveProperty('value', '');
  });
});

describe('submit flow', () => {
  it('on failure the form stays and each errors-map entry is its own toast', async () => {
    const net = mockNetwork([
      failed(422, 'Insufficient balance', {
        'bids.0.amount': 'Maximum bid amount is 10000',
        'bids.1.openDigit': 'Bid not allowed after market close !',
      }),
    ]);
    const { user, onPlaced } = renderForm('single-digit-bulk');
    await twoBids(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // The toast, and the dialog itself says it (issue 39), where Add Fund sits with real money.
    expect((await screen.findAllByText('Insufficient balance')).length).toBe(2);
    expect(within(dialog()).getByRole('alert').textContent).toBe('Insufficient balance');
    expect(await screen.findByText('Maximum bid amount is 10000')).toBeTruthy();
    expect(await screen.findByText('Bid not allowed after market close !')).toBeTruthy();
    expect(onPlaced).not.toHaveBeenCalled();
    expect(dialogRows()).toHaveLength(2);
    expect(screen.getByTestId('total-points').textContent).toBe('₹20');
    // A definite refusal: trying again is a new submission with a new key.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent).toHaveLength(2);
    expect(net.sent[1]?.key).not.toBe(net.sent[0]?.key);
  });

  it('without the rates the wins are unknown and the rows go without a rate (the server chooses it)', async () => {
    const net = mockNetwork();
    const { user, onPlaced } = renderForm('single-digit-bulk', { rates: null });
    await twoBids(user);
    expect(dialogWins()).toEqual(['-', '-']);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent[0]?.rates).toEqual([undefined, undefined]);
  });

  it('a refused rate (it changed) asks the screen to read the rates again', async () => {
    mockNetwork([
      failed(422, 'The rate has changed. Check the new winning amount and submit again', {
        'bids.1.rate': 'The rate has changed. Check the new winning amount and submit again',
      }),
    ]);
    const { user, onRatesChanged, onPlaced } = renderForm('single-digit-bulk');
    await twoBids(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onRatesChanged).toHaveBeenCalledTimes(1));
    expect(onPlaced).not.toHaveBeenCalled();
    expect(dialogRows()).toHaveLength(2);
  });

  it("without a server message shows 'Failed to create bid'", async () => {
    mockNetwork([new Response('oops', { status: 400 })]);
    const { user } = renderForm('single-digit-bulk');
    await twoBids(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to create bid')).toBeTruthy();
  });

  it('a network failure is retried with the same Idempotency-Key', async () => {
    const net = mockNetwork([new TypeError('Failed to fetch'), new TypeError('fetch failed')]);
    const { user, onPlaced } = renderForm('single-digit-bulk');
    await twoBids(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(net.sent).toHaveLength(3);
    const keys = new Set(net.sent.map((s) => s.key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a manual retry after an unsettled failure (503) reuses the key', async () => {
    const net = mockNetwork([
      failed(503, 'Service unavailable'),
      failed(503, 'Service unavailable'),
      failed(503, 'Service unavailable'),
      failed(503, 'Service unavailable'),
    ]);
    const { user, onPlaced } = renderForm('single-digit-bulk');
    await twoBids(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // While ky retries, the loading toast shows and the dialog takes no second submission.
    expect(await screen.findByText('Submitting your bid...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    expect(await screen.findByText('Service unavailable', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Submitting your bid...')).toBeNull();
    expect(onPlaced).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(new Set(net.sent.map((s) => s.key)).size).toBe(1);
  });
});
