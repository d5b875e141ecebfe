/** Shared vocabulary of the game rules (see docs/game-rules.md). Pure types, no runtime code. */

export type Family = 'main' | 'starline' | 'galidisawar';
export type Session = 'Open' | 'Close';
export type PannaClass = 'SP' | 'DP' | 'TP';
export type PannaType = PannaClass | 'ODD' | 'EVEN';

/** The 17 gameType values of docs/product.md plus the two bulk screens that had none (docs/game-rules.md section 3). */
export type GameType =
  | 'single-digit'
  | 'jodi-digit'
  | 'single-panna'
  | 'double-panna'
  | 'triple-panna'
  | 'full-sangam'
  | 'half-sangam'
  | 'sp-motor'
  | 'dp-motor'
  | 'sp-dp-tp-motor'
  | 'odd-even'
  | 'two-digit'
  | 'digit-base-jodi'
  | 'choice-panna'
  | 'red-bracket'
  | 'left-digit'
  | 'right-digit'
  | 'group-jodi'
  | 'group-panel';

/** One bid row as it travels on the wire (docs/api.md "Bids"). */
export type BidRow = {
  game: string;
  gameType: GameType;
  amount: number;
  session?: Session;
  digit?: string;
  openDigit?: string;
  closeDigit?: string;
  openPanna?: string;
  closePanna?: string;
  pannaType?: PannaType;
  bidDate?: string;
};

/** What a stored bid settles as: one of five atoms (docs/game-rules.md section 3). */
export type Atom =
  | { kind: 'digit'; target: 'open' | 'close' | 'ank' | 'left' | 'right'; digit: string }
  | { kind: 'panna'; target: 'open' | 'close' | 'draw'; panna: string }
  | { kind: 'jodi'; jodi: string }
  | { kind: 'half-sangam'; variant: Session; digit: string; panna: string }
  | { kind: 'full-sangam'; openPanna: string; closePanna: string };

export type AtomKind = Atom['kind'];

export type RateKey =
  | 'singleDigit'
  | 'jodiDigit'
  | 'singlePanna'
  | 'doublePanna'
  | 'triplePanna'
  | 'halfSangam'
  | 'fullSangam'
  | 'leftDigit'
  | 'rightDigit';

/** A family's rate table as the API sends it: `singleDigitPoint: 10, singleDigitAmount: 95`, ... */
export type Rates = Partial<Record<`${RateKey}Point` | `${RateKey}Amount`, number>>;

/** A rate pair: a win pays amount x (amount / point). "10 KA 95" is {point: 10, amount: 95}. */
export type Rate = { point: number; amount: number };

export type DeclaredResult =
  | { family: 'main'; openPanna: string | null; closePanna: string | null }
  | { family: 'starline'; panna: string | null }
  | { family: 'galidisawar'; jodi: string | null };

/** Result of an expander or filter: the generated values, or the docs/product.md message to show. */
export type ExpanderResult<T = string> = { ok: true; values: T[] } | { ok: false; message: string };
