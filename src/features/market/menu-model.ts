import type { Family, GameType } from '../../domain/types';

export type MenuEntry = { label: string; route: string; gameType: GameType };
export type MenuSection = { title: 'Digit' | 'Panna' | 'Motor' | 'Sangam'; entries: MenuEntry[] };

const e = (label: string, route: string, gameType: GameType): MenuEntry => ({ label, route, gameType });

/**
 * The game-type menu of product.md "Game-type menu" for one market family. Group jodi and group
 * panel are main-only bulk screens (game-rules.md section 3) and sit with the other main-only motors.
 */
export function menuFor(family: Family): MenuSection[] {
  const digit: MenuEntry[] = [];
  if (family !== 'galidisawar') {
    digit.push(
      e('Single Digit', '/single-digit', 'single-digit'),
      e('Single Digit Bulk', '/single-digit-bulk', 'single-digit'),
    );
  }
  if (family === 'galidisawar') {
    digit.push(
      e('Left Digit', '/left-digit-bulk', 'left-digit'),
      e('Right Digit', '/right-digit-bulk', 'right-digit'),
    );
  }
  if (family !== 'starline') {
    digit.push(
      e('Jodi Digit', '/jodi-digit', 'jodi-digit'),
      e('Jodi Digit Bulk', '/jodi-digit-bulk', 'jodi-digit'),
    );
  }
  const sections: MenuSection[] = [{ title: 'Digit', entries: digit }];
  if (family !== 'galidisawar') {
    sections.push({
      title: 'Panna',
      entries: [
        e('Single Panna', '/single-panna', 'single-panna'),
        e('Single Panna Bulk', '/single-panna-bulk', 'single-panna'),
        e('Double Panna', '/double-panna', 'double-panna'),
        e('Double Panna Bulk', '/double-panna-bulk', 'double-panna'),
        e('Triple Panna', '/triple-panna', 'triple-panna'),
        e('Triple Panna Bulk', '/triple-panna-bulk', 'triple-panna'),
      ],
    });
  }
  if (family === 'main') {
    sections.push(
      {
        title: 'Motor',
        entries: [
          e('SP Motor', '/sp-motor', 'sp-motor'),
          e('SP Motor Bulk', '/sp-motor-bulk', 'sp-motor'),
          e('DP Motor', '/dp-motor', 'dp-motor'),
          e('DP Motor Bulk', '/dp-motor-bulk', 'dp-motor'),
          e('SP DP TP', '/sp-dp-tp-bulk', 'sp-dp-tp-motor'),
          e('Odd Even', '/odd-even-bulk', 'odd-even'),
          e('Two Digit', '/two-digit-bulk', 'two-digit'),
          e('Digit Based Jodi', '/digit-jodi-bulk', 'digit-base-jodi'),
          e('Choice Panna', '/choice-panna-bulk', 'choice-panna'),
          e('Red Bracket', '/red-bracket-bulk', 'red-bracket'),
          e('Group Jodi', '/group-jodi-bulk', 'group-jodi'),
          e('Group Panel', '/group-panel-bulk', 'group-panel'),
        ],
      },
      {
        title: 'Sangam',
        entries: [
          e('Half Sangam', '/half-sangam', 'half-sangam'),
          e('Full Sangam', '/full-sangam', 'full-sangam'),
        ],
      },
    );
  }
  return sections;
}
