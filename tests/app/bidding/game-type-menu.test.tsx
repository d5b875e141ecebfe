import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { Family } from '../../../src/domain/types';
import type { Declared } from '../../../src/domain/windows';
import { GameTypeMenu } from '../../../src/features/market/game-type-menu';
import { menuFor } from '../../../src/features/market/menu-model';
import { AFTER_OPEN, BEFORE_OPEN, GAMES, TZ } from './harness';

const routes = (family: Family) => menuFor(family).flatMap((s) => s.entries.map((e) => e.route));

describe('game-type menu model', () => {
  it('main offers every bid screen except left/right digit', () => {
    expect(routes('main')).toEqual([
      '/single-digit',
      '/single-digit-bulk',
      '/jodi-digit',
      '/jodi-digit-bulk',
      '/single-panna',
      '/single-panna-bulk',
      '/double-panna',
      '/double-panna-bulk',
      '/triple-panna',
      '/triple-panna-bulk',
      '/sp-motor',
      '/sp-motor-bulk',
      '/dp-motor',
      '/dp-motor-bulk',
      '/sp-dp-tp-bulk',
      '/odd-even-bulk',
      '/two-digit-bulk',
      '/digit-jodi-bulk',
      '/choice-panna-bulk',
      '/red-bracket-bulk',
      '/group-jodi-bulk',
      '/group-panel-bulk',
      '/half-sangam',
      '/full-sangam',
    ]);
  });

  it('starline: single digit and the pannas, no jodi, no motors, no sangam', () => {
    expect(routes('starline')).toEqual([
      '/single-digit',
      '/single-digit-bulk',
      '/single-panna',
      '/single-panna-bulk',
      '/double-panna',
      '/double-panna-bulk',
      '/triple-panna',
      '/triple-panna-bulk',
    ]);
  });

  it('galidisawar: left/right digit and jodi, panna hidden', () => {
    expect(routes('galidisawar')).toEqual([
      '/left-digit-bulk',
      '/right-digit-bulk',
      '/jodi-digit',
      '/jodi-digit-bulk',
    ]);
  });

  it("labels are the screens' titles, with ' Bulk' when a single screen exists too", () => {
    const labels = (family: Family, title: string) =>
      menuFor(family)
        .find((s) => s.title === title)
        ?.entries.map((e) => e.label);
    expect(labels('main', 'Motor')).toEqual([
      'SP Motor',
      'SP Motor Bulk',
      'DP Motor',
      'DP Motor Bulk',
      'Sp Dp Tp',
      'Odd Even',
      'Two Digit',
      'Digit Base Jodi',
      'Choice Panna',
      'Red Bracket',
      'Group Jodi',
      'Group Panel',
    ]);
    expect(labels('galidisawar', 'Digit')).toEqual([
      'Left Digit',
      'Right Digit',
      'Jodi Digit',
      'Jodi Digit Bulk',
    ]);
    expect(menuFor('starline').map((s) => s.title)).toEqual(['Digit', 'Panna']);
    expect(menuFor('galidisawar').map((s) => s.title)).toEqual(['Digit']);
  });
});

function renderMenu(family: Family, now: Date, declared?: Declared) {
  const onOpen = vi.fn();
  render(
    <>
      <Toaster />
      <GameTypeMenu game={GAMES[family]} now={now} tz={TZ} declared={declared} onOpen={onOpen} />
    </>,
  );
  return { onOpen, user: userEvent.setup() };
}

describe('game-type menu', () => {
  it('before open time every entry opens its screen', async () => {
    const { onOpen, user } = renderMenu('main', BEFORE_OPEN);
    await user.click(screen.getByRole('link', { name: 'Jodi Digit Bulk' }));
    await user.click(screen.getByRole('link', { name: 'Half Sangam' }));
    expect(onOpen.mock.calls).toEqual([['/jodi-digit-bulk'], ['/half-sangam']]);
  });

  it.each([
    'Jodi Digit',
    'Jodi Digit Bulk',
    'Digit Base Jodi',
    'Red Bracket',
    'Group Jodi',
    'Full Sangam',
    'Half Sangam',
  ])('after open time %s is blocked with the product message', async (label) => {
    const { onOpen, user } = renderMenu('main', AFTER_OPEN);
    const link = screen.getByRole('link', { name: label });
    // Greyed out with its reason under it (issue 39), not only a toast once tapped.
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(link.getAttribute('aria-describedby') as string)?.textContent).toMatch(
      /^Closed at \d\d:\d\d [AP]M$/,
    );
    await user.click(link);
    expect(await screen.findByText('Bid not allowed after market close !')).toBeTruthy();
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('after the Open result, whole-day entries say the result is out', () => {
    renderMenu('main', BEFORE_OPEN, { open: true, close: false });
    const link = screen.getByRole('link', { name: 'Jodi Digit' });
    expect(document.getElementById(link.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'Result declared',
    );
    expect(screen.getByRole('link', { name: 'Single Digit' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('after open time session bets still open (the Close session)', async () => {
    const { onOpen, user } = renderMenu('main', AFTER_OPEN);
    await user.click(screen.getByRole('link', { name: 'Single Panna Bulk' }));
    await user.click(screen.getByRole('link', { name: 'Choice Panna' }));
    expect(onOpen.mock.calls).toEqual([['/single-panna-bulk'], ['/choice-panna-bulk']]);
  });
});
