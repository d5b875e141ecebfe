import type { GameType } from '../domain/types';

export type BidMode = 'single' | 'bulk';

/**
 * Every bid screen path of docs/product.md section 2 with the gameType (section 3 wire value) and mode
 * it opens. Group jodi and group panel are bulk screens of the domain's extra gameTypes.
 */
export const BID_PATHS = [
  { path: '/single-digit', gameType: 'single-digit', mode: 'single' },
  { path: '/jodi-digit', gameType: 'jodi-digit', mode: 'single' },
  { path: '/single-panna', gameType: 'single-panna', mode: 'single' },
  { path: '/double-panna', gameType: 'double-panna', mode: 'single' },
  { path: '/triple-panna', gameType: 'triple-panna', mode: 'single' },
  { path: '/full-sangam', gameType: 'full-sangam', mode: 'single' },
  { path: '/half-sangam', gameType: 'half-sangam', mode: 'single' },
  { path: '/sp-motor', gameType: 'sp-motor', mode: 'single' },
  { path: '/dp-motor', gameType: 'dp-motor', mode: 'single' },
  { path: '/single-digit-bulk', gameType: 'single-digit', mode: 'bulk' },
  { path: '/jodi-digit-bulk', gameType: 'jodi-digit', mode: 'bulk' },
  { path: '/single-panna-bulk', gameType: 'single-panna', mode: 'bulk' },
  { path: '/double-panna-bulk', gameType: 'double-panna', mode: 'bulk' },
  { path: '/triple-panna-bulk', gameType: 'triple-panna', mode: 'bulk' },
  { path: '/sp-motor-bulk', gameType: 'sp-motor', mode: 'bulk' },
  { path: '/dp-motor-bulk', gameType: 'dp-motor', mode: 'bulk' },
  { path: '/sp-dp-tp-bulk', gameType: 'sp-dp-tp-motor', mode: 'bulk' },
  { path: '/odd-even-bulk', gameType: 'odd-even', mode: 'bulk' },
  { path: '/two-digit-bulk', gameType: 'two-digit', mode: 'bulk' },
  { path: '/digit-jodi-bulk', gameType: 'digit-base-jodi', mode: 'bulk' },
  { path: '/choice-panna-bulk', gameType: 'choice-panna', mode: 'bulk' },
  { path: '/red-bracket-bulk', gameType: 'red-bracket', mode: 'bulk' },
  { path: '/group-jodi-bulk', gameType: 'group-jodi', mode: 'bulk' },
  { path: '/group-panel-bulk', gameType: 'group-panel', mode: 'bulk' },
  { path: '/left-digit-bulk', gameType: 'left-digit', mode: 'bulk' },
  { path: '/right-digit-bulk', gameType: 'right-digit', mode: 'bulk' },
] as const satisfies ReadonlyArray<{ path: `/${string}`; gameType: GameType; mode: BidMode }>;
