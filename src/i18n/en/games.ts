import type { GameType } from '../../domain/types';
import { translator } from '../core';

/** Game words shared by the market menu, the bid screens, histories and rates (see GLOSSARY.md). */
export const gamesEn = {
  'single-digit': 'Single Digit',
  'jodi-digit': 'Jodi Digit',
  'single-panna': 'Single Panna',
  'double-panna': 'Double Panna',
  'triple-panna': 'Triple Panna',
  'full-sangam': 'Full Sangam',
  'half-sangam': 'Half Sangam',
  'sp-motor': 'SP Motor',
  'dp-motor': 'DP Motor',
  'sp-dp-tp-motor': 'Sp Dp Tp',
  'odd-even': 'Odd Even',
  'two-digit': 'Two Digit',
  'digit-base-jodi': 'Digit Base Jodi',
  'choice-panna': 'Choice Panna',
  'red-bracket': 'Red Bracket',
  'left-digit': 'Left Digit',
  'right-digit': 'Right Digit',
  'group-jodi': 'Group Jodi',
  'group-panel': 'Group Panel',
  bulk: '{title} Bulk',
  sectionDigit: 'Digit',
  sectionPanna: 'Panna',
  sectionMotor: 'Motor',
  sectionSangam: 'Sangam',
  open: 'Open',
  close: 'Close',
  wholeDay: 'Whole day',
  ka: '{point} KA {amount}',
  main: 'Main',
  starline: 'Starline',
  galidisawar: 'Gali Disawar',
} as const satisfies Record<GameType, string> & Record<string, string>;

export const tGames = translator('games', gamesEn);

/** A game type's name in the chosen language ('Single Digit'). */
export function gameTypeName(gameType: GameType): string {
  return tGames(gameType);
}
