import type { AtomKind, Family, GameType, RateKey } from './types';

/**
 * The bet-type registry (docs/game-rules.md section 3, docs/product.md routes). `rateKey` is the rate the atoms pay
 * at; 'by-class' means each panna atom pays its own class rate (SP, DP or TP) whatever produced it.
 */
export type BetType = {
  families: readonly Family[];
  /** 'session' bets pick Open or Close; 'whole-day' bets close at open time and settle at close. */
  sessionKind: 'session' | 'whole-day';
  rateKey: RateKey | 'by-class';
  title: string;
  /** A title rate fixed by docs/product.md ("Bid forms") instead of the rate table (Sp Dp Tp shows '0 KA 9'). */
  fixedRateTitle?: string;
  singleRoute?: string;
  bulkRoute?: string;
  atom: AtomKind;
};

export const BET_TYPES: Readonly<Record<GameType, BetType>> = {
  'single-digit': {
    families: ['main', 'starline'],
    sessionKind: 'session',
    rateKey: 'singleDigit',
    title: 'Single Digit',
    singleRoute: '/single-digit',
    bulkRoute: '/single-digit-bulk',
    atom: 'digit',
  },
  'jodi-digit': {
    families: ['main', 'galidisawar'],
    sessionKind: 'whole-day',
    rateKey: 'jodiDigit',
    title: 'Jodi Digit',
    singleRoute: '/jodi-digit',
    bulkRoute: '/jodi-digit-bulk',
    atom: 'jodi',
  },
  'single-panna': {
    families: ['main', 'starline'],
    sessionKind: 'session',
    rateKey: 'singlePanna',
    title: 'Single Panna',
    singleRoute: '/single-panna',
    bulkRoute: '/single-panna-bulk',
    atom: 'panna',
  },
  'double-panna': {
    families: ['main', 'starline'],
    sessionKind: 'session',
    rateKey: 'doublePanna',
    title: 'Double Panna',
    singleRoute: '/double-panna',
    bulkRoute: '/double-panna-bulk',
    atom: 'panna',
  },
  'triple-panna': {
    families: ['main', 'starline'],
    sessionKind: 'session',
    rateKey: 'triplePanna',
    title: 'Triple Panna',
    singleRoute: '/triple-panna',
    bulkRoute: '/triple-panna-bulk',
    atom: 'panna',
  },
  'full-sangam': {
    families: ['main'],
    sessionKind: 'whole-day',
    rateKey: 'fullSangam',
    title: 'Full Sangam',
    singleRoute: '/full-sangam',
    atom: 'full-sangam',
  },
  'half-sangam': {
    families: ['main'],
    sessionKind: 'whole-day',
    rateKey: 'halfSangam',
    title: 'Half Sangam',
    singleRoute: '/half-sangam',
    atom: 'half-sangam',
  },
  'sp-motor': {
    families: ['main'],
    sessionKind: 'session',
    rateKey: 'singlePanna',
    title: 'SP Motor',
    singleRoute: '/sp-motor',
    bulkRoute: '/sp-motor-bulk',
    atom: 'panna',
  },
  'dp-motor': {
    families: ['main'],
    sessionKind: 'session',
    rateKey: 'doublePanna',
    title: 'DP Motor',
    singleRoute: '/dp-motor',
    bulkRoute: '/dp-motor-bulk',
    atom: 'panna',
  },
  'sp-dp-tp-motor': {
    families: ['main'],
    sessionKind: 'session',
    rateKey: 'by-class',
    title: 'Sp Dp Tp',
    fixedRateTitle: '0 KA 9',
    bulkRoute: '/sp-dp-tp-bulk',
    atom: 'panna',
  },
  'odd-even': {
    families: ['main'],
    sessionKind: 'session',
    rateKey: 'singleDigit',
    title: 'Odd Even',
    bulkRoute: '/odd-even-bulk',
    atom: 'digit',
  },
  'two-digit': {
    families: ['main'],
    sessionKind: 'session',
    rateKey: 'by-class',
    title: 'Two Digit',
    bulkRoute: '/two-digit-bulk',
    atom: 'panna',
  },
  'digit-base-jodi': {
    families: ['main'],
    sessionKind: 'whole-day',
    rateKey: 'jodiDigit',
    title: 'Digit Base Jodi',
    bulkRoute: '/digit-jodi-bulk',
    atom: 'jodi',
  },
  'choice-panna': {
    families: ['main'],
    sessionKind: 'session',
    rateKey: 'by-class',
    title: 'Choice Panna',
    bulkRoute: '/choice-panna-bulk',
    atom: 'panna',
  },
  'red-bracket': {
    families: ['main'],
    sessionKind: 'whole-day',
    rateKey: 'jodiDigit',
    title: 'Red Bracket',
    bulkRoute: '/red-bracket-bulk',
    atom: 'jodi',
  },
  'left-digit': {
    families: ['galidisawar'],
    sessionKind: 'session',
    rateKey: 'leftDigit',
    title: 'Left Digit',
    bulkRoute: '/left-digit-bulk',
    atom: 'digit',
  },
  'right-digit': {
    families: ['galidisawar'],
    sessionKind: 'session',
    rateKey: 'rightDigit',
    title: 'Right Digit',
    bulkRoute: '/right-digit-bulk',
    atom: 'digit',
  },
  'group-jodi': {
    families: ['main'],
    sessionKind: 'whole-day',
    rateKey: 'jodiDigit',
    title: 'Group Jodi',
    bulkRoute: '/group-jodi-bulk',
    atom: 'jodi',
  },
  'group-panel': {
    families: ['main'],
    sessionKind: 'session',
    rateKey: 'by-class',
    title: 'Group Panel',
    bulkRoute: '/group-panel-bulk',
    atom: 'panna',
  },
};

/** Every gameType, in registry order. */
export const GAME_TYPES: readonly GameType[] = Object.keys(BET_TYPES) as GameType[];

/** True for a known gameType string (wire input). */
export function isGameType(s: unknown): s is GameType {
  return typeof s === 'string' && Object.hasOwn(BET_TYPES, s);
}

/** Whether a gameType is offered in a family: `offeredIn('jodi-digit', 'starline')` is false. */
export function offeredIn(gameType: GameType, family: Family): boolean {
  return BET_TYPES[gameType].families.includes(family);
}
