import type { Page } from 'playwright-core';

// One flow per game-type menu entry and family: how a player fills that screen, and how many bids
// the dialog must list for it.

export type Family = 'main' | 'starline' | 'galidisawar';
export type Flow = {
  family: Family;
  entry: string;
  route: string;
  gameType: string;
  rows: number;
  fill: (p: Page) => Promise<void>;
  button?: 'See Bids' | 'Submit Game';
};

const amount = (p: Page, v = '10') => p.getByLabel('Amount', { exact: true }).fill(v);
const field = (p: Page, label: string, v: string) => p.getByLabel(label, { exact: true }).fill(v);
const single = (p: Page, n: string, v = '10') => p.getByLabel(`Amount for ${n}`, { exact: true }).fill(v);
const tap = async (p: Page, ...values: string[]) => {
  for (const v of values) await p.getByRole('button', { name: v, exact: true }).click();
};
const check = (p: Page, label: string) => p.getByLabel(label, { exact: true }).check();

const f = (
  family: Family,
  entry: string,
  route: string,
  gameType: string,
  rows: number,
  fill: Flow['fill'],
  button?: Flow['button'],
): Flow => ({ family, entry, route, gameType, rows, fill, button });

export const FLOWS: Flow[] = [
  f('main', 'Single Digit', '/single-digit', 'single-digit', 1, (p) => single(p, '3')),
  f('main', 'Single Digit Bulk', '/single-digit-bulk', 'single-digit', 2, async (p) => {
    await amount(p);
    await tap(p, '1', '2');
  }),
  f('main', 'Jodi Digit', '/jodi-digit', 'jodi-digit', 1, (p) => single(p, '45')),
  f('main', 'Jodi Digit Bulk', '/jodi-digit-bulk', 'jodi-digit', 2, async (p) => {
    await amount(p);
    await tap(p, '12', '34');
  }),
  f('main', 'Single Panna', '/single-panna', 'single-panna', 1, (p) => single(p, '128')),
  f('main', 'Single Panna Bulk', '/single-panna-bulk', 'single-panna', 2, async (p) => {
    await amount(p);
    await tap(p, '128', '137');
  }),
  f('main', 'Double Panna', '/double-panna', 'double-panna', 1, (p) => single(p, '112')),
  f('main', 'Double Panna Bulk', '/double-panna-bulk', 'double-panna', 2, async (p) => {
    await amount(p);
    await tap(p, '112', '113');
  }),
  f('main', 'Triple Panna', '/triple-panna', 'triple-panna', 1, (p) => single(p, '777')),
  f('main', 'Triple Panna Bulk', '/triple-panna-bulk', 'triple-panna', 2, async (p) => {
    await amount(p);
    await tap(p, '111', '222');
  }),
  f('main', 'SP Motor', '/sp-motor', 'sp-motor', 1, async (p) => {
    await field(p, 'Enter Digits', '1234');
    await single(p, '123');
  }),
  f('main', 'SP Motor Bulk', '/sp-motor-bulk', 'sp-motor', 4, async (p) => {
    await amount(p);
    await field(p, 'Enter Digits', '1234');
  }),
  f('main', 'DP Motor', '/dp-motor', 'dp-motor', 1, async (p) => {
    await field(p, 'Enter Digits', '123');
    await single(p, '112');
  }),
  f('main', 'DP Motor Bulk', '/dp-motor-bulk', 'dp-motor', 6, async (p) => {
    await amount(p);
    await field(p, 'Enter Digits', '123');
  }),
  f('main', 'Sp Dp Tp', '/sp-dp-tp-bulk', 'sp-dp-tp-motor', 1, async (p) => {
    await amount(p);
    await field(p, 'Digit', '5');
    await check(p, 'TP');
  }),
  f('main', 'Odd Even', '/odd-even-bulk', 'odd-even', 5, async (p) => {
    await amount(p);
    await check(p, 'Odd');
  }),
  f('main', 'Two Digit', '/two-digit-bulk', 'two-digit', 10, async (p) => {
    await amount(p);
    await field(p, 'Enter 2 Digits', '15');
  }),
  f('main', 'Digit Base Jodi', '/digit-jodi-bulk', 'digit-base-jodi', 10, async (p) => {
    await amount(p);
    await field(p, 'Left Digit', '3');
  }),
  f(
    'main',
    'Choice Panna',
    '/choice-panna-bulk',
    'choice-panna',
    8,
    async (p) => {
      await amount(p);
      await field(p, 'Left', '1');
      await field(p, 'Middle', '2');
      await check(p, 'SP');
    },
    'Submit Game',
  ),
  f('main', 'Red Bracket', '/red-bracket-bulk', 'red-bracket', 2, async (p) => {
    await amount(p);
    await tap(p, '00', '33');
  }),
  f('main', 'Group Jodi', '/group-jodi-bulk', 'group-jodi', 8, async (p) => {
    await amount(p);
    await field(p, 'Jodi', '12');
  }),
  f('main', 'Group Panel', '/group-panel-bulk', 'group-panel', 8, async (p) => {
    await amount(p);
    await field(p, 'Panna', '128');
  }),
  f(
    'main',
    'Half Sangam',
    '/half-sangam',
    'half-sangam',
    1,
    async (p) => {
      await field(p, 'Open Digit', '4');
      await field(p, 'Close Panna', '149');
      await amount(p);
      await p.getByRole('button', { name: 'Add', exact: true }).click();
    },
    'Submit Game',
  ),
  f(
    'main',
    'Full Sangam',
    '/full-sangam',
    'full-sangam',
    1,
    async (p) => {
      await field(p, 'Open Panna', '123');
      await field(p, 'Close Panna', '190');
      await amount(p);
      await p.getByRole('button', { name: 'Add', exact: true }).click();
    },
    'Submit Game',
  ),
  f('starline', 'Single Digit', '/single-digit', 'single-digit', 1, (p) => single(p, '6')),
  f('starline', 'Single Digit Bulk', '/single-digit-bulk', 'single-digit', 2, async (p) => {
    await amount(p);
    await tap(p, '0', '9');
  }),
  f('starline', 'Single Panna', '/single-panna', 'single-panna', 1, (p) => single(p, '146')),
  f('starline', 'Single Panna Bulk', '/single-panna-bulk', 'single-panna', 1, async (p) => {
    await amount(p);
    await tap(p, '890');
  }),
  f('starline', 'Double Panna', '/double-panna', 'double-panna', 1, (p) => single(p, '558')),
  f('starline', 'Double Panna Bulk', '/double-panna-bulk', 'double-panna', 1, async (p) => {
    await amount(p);
    await tap(p, '225');
  }),
  f('starline', 'Triple Panna', '/triple-panna', 'triple-panna', 1, (p) => single(p, '000')),
  f('starline', 'Triple Panna Bulk', '/triple-panna-bulk', 'triple-panna', 1, async (p) => {
    await amount(p);
    await tap(p, '444');
  }),
  f(
    'galidisawar',
    'Left Digit',
    '/left-digit-bulk',
    'left-digit',
    1,
    async (p) => {
      await amount(p);
      await tap(p, '2');
    },
    'Submit Game',
  ),
  f(
    'galidisawar',
    'Right Digit',
    '/right-digit-bulk',
    'right-digit',
    2,
    async (p) => {
      await field(p, 'Digit', '7');
      await amount(p);
      await tap(p, '7');
      await field(p, 'Digit', '');
      await tap(p, '8');
    },
    'Submit Game',
  ),
  f('galidisawar', 'Jodi Digit', '/jodi-digit', 'jodi-digit', 1, (p) => single(p, '07')),
  f('galidisawar', 'Jodi Digit Bulk', '/jodi-digit-bulk', 'jodi-digit', 2, async (p) => {
    await amount(p);
    await tap(p, '99', '10');
  }),
];
