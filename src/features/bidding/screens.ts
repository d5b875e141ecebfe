import type { CatalogueName } from '../../domain/catalogues';
import type { GameType } from '../../domain/types';

/** How a screen gathers its numbers; each kind has one body component. */
export type ScreenKind =
  | 'catalogue'
  | 'motor'
  | 'sp-dp-tp'
  | 'odd-even'
  | 'two-digit'
  | 'digit-jodi'
  | 'choice-panna'
  | 'red-bracket'
  | 'group-jodi'
  | 'group-panel'
  | 'left-right'
  | 'full-sangam'
  | 'half-sangam';

/**
 * Which 'Please enter amount first' message a bulk grid shows when tapped before an amount exists:
 * single digits, jodi-style digits, pannas or red brackets.
 */
export type TileNoun = 'digit' | 'digits' | 'panna' | 'bracket';

export type BidScreenConfig = {
  slug: string;
  gameType: GameType;
  mode: 'single' | 'bulk';
  kind: ScreenKind;
  catalogue?: CatalogueName;
  tileNoun: TileNoun;
  /** Tiles per row: 10 for the jodi grid, 5 for everything else (docs/product.md "Bid forms"). */
  columns: 5 | 10;
  submitLabel: 'See Bids' | 'Submit Game';
};

type Partial5 = Omit<BidScreenConfig, 'slug' | 'columns' | 'submitLabel' | 'tileNoun'> &
  Partial<Pick<BidScreenConfig, 'columns' | 'submitLabel' | 'tileNoun'>>;

const screen = (slug: string, c: Partial5): BidScreenConfig => ({
  slug,
  columns: 5,
  submitLabel: 'See Bids',
  tileNoun: 'panna',
  ...c,
});

/** Every bid route of docs/product.md section 2, keyed by its path without the slash. */
export const BID_SCREENS: Record<string, BidScreenConfig> = Object.fromEntries(
  [
    screen('single-digit', {
      gameType: 'single-digit',
      mode: 'single',
      kind: 'catalogue',
      catalogue: 'singleDigit',
      tileNoun: 'digit',
    }),
    screen('jodi-digit', {
      gameType: 'jodi-digit',
      mode: 'single',
      kind: 'catalogue',
      catalogue: 'jodiDigit',
      tileNoun: 'digits',
    }),
    screen('single-panna', {
      gameType: 'single-panna',
      mode: 'single',
      kind: 'catalogue',
      catalogue: 'singlePanna',
    }),
    screen('double-panna', {
      gameType: 'double-panna',
      mode: 'single',
      kind: 'catalogue',
      catalogue: 'doublePanna',
    }),
    screen('triple-panna', {
      gameType: 'triple-panna',
      mode: 'single',
      kind: 'catalogue',
      catalogue: 'triplePanna',
    }),
    screen('full-sangam', {
      gameType: 'full-sangam',
      mode: 'single',
      kind: 'full-sangam',
      submitLabel: 'Submit Game',
    }),
    screen('half-sangam', {
      gameType: 'half-sangam',
      mode: 'single',
      kind: 'half-sangam',
      submitLabel: 'Submit Game',
    }),
    screen('sp-motor', { gameType: 'sp-motor', mode: 'single', kind: 'motor' }),
    screen('dp-motor', { gameType: 'dp-motor', mode: 'single', kind: 'motor' }),
    screen('single-digit-bulk', {
      gameType: 'single-digit',
      mode: 'bulk',
      kind: 'catalogue',
      catalogue: 'singleDigit',
      tileNoun: 'digit',
    }),
    screen('jodi-digit-bulk', {
      gameType: 'jodi-digit',
      mode: 'bulk',
      kind: 'catalogue',
      catalogue: 'jodiDigit',
      tileNoun: 'digits',
      columns: 10,
    }),
    screen('single-panna-bulk', {
      gameType: 'single-panna',
      mode: 'bulk',
      kind: 'catalogue',
      catalogue: 'singlePanna',
    }),
    screen('double-panna-bulk', {
      gameType: 'double-panna',
      mode: 'bulk',
      kind: 'catalogue',
      catalogue: 'doublePanna',
    }),
    screen('triple-panna-bulk', {
      gameType: 'triple-panna',
      mode: 'bulk',
      kind: 'catalogue',
      catalogue: 'triplePanna',
    }),
    screen('sp-motor-bulk', { gameType: 'sp-motor', mode: 'bulk', kind: 'motor' }),
    screen('dp-motor-bulk', { gameType: 'dp-motor', mode: 'bulk', kind: 'motor' }),
    screen('sp-dp-tp-bulk', { gameType: 'sp-dp-tp-motor', mode: 'bulk', kind: 'sp-dp-tp' }),
    screen('odd-even-bulk', { gameType: 'odd-even', mode: 'bulk', kind: 'odd-even', tileNoun: 'digit' }),
    screen('two-digit-bulk', { gameType: 'two-digit', mode: 'bulk', kind: 'two-digit' }),
    screen('digit-jodi-bulk', {
      gameType: 'digit-base-jodi',
      mode: 'bulk',
      kind: 'digit-jodi',
      tileNoun: 'digits',
    }),
    screen('choice-panna-bulk', {
      gameType: 'choice-panna',
      mode: 'bulk',
      kind: 'choice-panna',
      submitLabel: 'Submit Game',
    }),
    screen('red-bracket-bulk', {
      gameType: 'red-bracket',
      mode: 'bulk',
      kind: 'red-bracket',
      tileNoun: 'bracket',
    }),
    screen('group-jodi-bulk', {
      gameType: 'group-jodi',
      mode: 'bulk',
      kind: 'group-jodi',
      tileNoun: 'digits',
    }),
    screen('group-panel-bulk', { gameType: 'group-panel', mode: 'bulk', kind: 'group-panel' }),
    screen('left-digit-bulk', {
      gameType: 'left-digit',
      mode: 'bulk',
      kind: 'left-right',
      tileNoun: 'digit',
      submitLabel: 'Submit Game',
    }),
    screen('right-digit-bulk', {
      gameType: 'right-digit',
      mode: 'bulk',
      kind: 'left-right',
      tileNoun: 'digit',
      submitLabel: 'Submit Game',
    }),
  ].map((s) => [s.slug, s]),
);

export function bidScreen(slug: string): BidScreenConfig | null {
  return BID_SCREENS[slug.replace(/^\//, '')] ?? null;
}

/** The screen a route opens: its gameType and mode (src/routes/bid-paths.ts). */
export function screenFor(gameType: GameType, mode: 'single' | 'bulk'): BidScreenConfig | null {
  return Object.values(BID_SCREENS).find((s) => s.gameType === gameType && s.mode === mode) ?? null;
}
