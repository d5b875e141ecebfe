import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogRows, mockNetwork, renderForm } from './harness';

const sentRows = async (net: ReturnType<typeof mockNetwork>, user: ReturnType<typeof renderForm>['user']) => {
  await user.click(screen.getByRole('button', { name: 'See Bids' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(net.sent).toHaveLength(1));
  return net.sent[0]?.rows ?? [];
};

describe('odd even', () => {
  it('needs Odd or Even, then sends the five digits with pannaType ODD/EVEN', async () => {
    const net = mockNetwork();
    const { user } = renderForm('odd-even-bulk');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Odd Even (10 KA 95)');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findByText('Please select Odd or Even')).toBeTruthy();
    await user.click(screen.getByLabelText('Even'));
    await user.selectOptions(screen.getByLabelText('Select Market Type'), 'Close');
    await user.click(screen.getByLabelText('Odd'));
    expect(screen.getByTestId('total-points').textContent).toBe('₹50');
    const rows = await sentRows(net, user);
    expect(rows).toEqual(
      ['1', '3', '5', '7', '9'].map((d) => ({
        game: 'main-game-1',
        gameType: 'odd-even',
        amount: 10,
        session: 'Close',
        closeDigit: d,
        pannaType: 'ODD',
      })),
    );
  });
});

describe('two digit', () => {
  it('every panna containing both digits, each with its own class', async () => {
    const net = mockNetwork();
    const { user } = renderForm('two-digit-bulk');
    await user.type(screen.getByLabelText('Enter 2 Digits'), '1');
    expect(screen.getByText('Please enter exactly 2 digits')).toBeTruthy();
    await user.type(screen.getByLabelText('Enter 2 Digits'), '5');
    await user.type(screen.getByLabelText('Amount'), '10');
    expect(screen.getByTestId('total-points').textContent).toBe('₹100');
    const rows = await sentRows(net, user);
    expect(rows.map((r) => r.openDigit).sort()).toEqual(
      ['115', '125', '135', '145', '155', '156', '157', '158', '159', '150'].sort(),
    );
    expect(rows.find((r) => r.openDigit === '155')?.pannaType).toBe('DP');
    expect(rows.find((r) => r.openDigit === '125')).toEqual({
      game: 'main-game-1',
      gameType: 'two-digit',
      amount: 10,
      session: 'Open',
      openDigit: '125',
      pannaType: 'SP',
    });
  });
});

describe('digit based jodi', () => {
  it('left and/or right digit make the jodis, sent as whole-day Open rows', async () => {
    const net = mockNetwork();
    const { user } = renderForm('digit-jodi-bulk');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(await screen.findByText('Please enter a left or right digit')).toBeTruthy();
    await user.type(screen.getByLabelText('Left Digit'), '3');
    expect(screen.getByTestId('total-points').textContent).toBe('₹100');
    await user.type(screen.getByLabelText('Right Digit'), '5');
    expect(screen.getByTestId('total-points').textContent).toBe('₹190');
    const rows = await sentRows(net, user);
    expect(rows).toHaveLength(19);
    expect(rows[0]).toEqual({
      game: 'main-game-1',
      gameType: 'digit-base-jodi',
      amount: 10,
      session: 'Open',
      openDigit: '05',
    });
  });
});

describe('group jodi and group panel', () => {
  it('group jodi: the 8 cut jodis', async () => {
    const net = mockNetwork();
    const { user } = renderForm('group-jodi-bulk');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.type(screen.getByLabelText('Jodi'), '1');
    expect(screen.getByText('Please enter a valid jodi (00-99)')).toBeTruthy();
    await user.type(screen.getByLabelText('Jodi'), '2');
    const rows = await sentRows(net, user);
    expect(rows.map((r) => r.openDigit).sort()).toEqual(['12', '17', '21', '26', '62', '67', '71', '76']);
    expect(rows.every((r) => r.session === 'Open' && r.gameType === 'group-jodi' && r.amount === 10)).toBe(
      true,
    );
  });

  it('group panel: pannas made by cutting digits, with their class', async () => {
    const net = mockNetwork();
    const { user } = renderForm('group-panel-bulk');
    await user.type(screen.getByLabelText('Panna'), '12');
    expect(screen.getByText('Please enter a valid panna')).toBeTruthy();
    await user.type(screen.getByLabelText('Panna'), '3');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(dialogRows()).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(net.sent).toHaveLength(1));
    const rows = net.sent[0]?.rows ?? [];
    expect(rows.map((r) => r.openDigit)).toContain('123');
    expect(rows.map((r) => r.openDigit)).toContain('678');
    expect(rows.every((r) => r.gameType === 'group-panel' && r.pannaType === 'SP')).toBe(true);
  });
});
