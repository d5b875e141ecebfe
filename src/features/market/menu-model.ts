import { BET_TYPES, offeredIn } from '../../domain/bet-types';
import type { Family, GameType } from '../../domain/types';
import { gameTypeName, tGames } from '../../i18n/en/games';

export type MenuEntry = { label: string; route: string; gameType: GameType };
export type MenuSection = { title: 'Digit' | 'Panna' | 'Motor' | 'Sangam'; entries: MenuEntry[] };

/**
 * The sections of docs/product.md "Game-type menu" and their bet types in menu order. Group jodi and
 * group panel are main-only bulk screens (docs/game-rules.md section 3) and sit with the other motors.
 */
const SECTIONS: readonly { title: MenuSection['title']; gameTypes: readonly GameType[] }[] = [
  { title: 'Digit', gameTypes: ['single-digit', 'left-digit', 'right-digit', 'jodi-digit'] },
  { title: 'Panna', gameTypes: ['single-panna', 'double-panna', 'triple-panna'] },
  {
    title: 'Motor',
    gameTypes: [
      'sp-motor',
      'dp-motor',
      'sp-dp-tp-motor',
      'odd-even',
      'two-digit',
      'digit-base-jodi',
      'choice-panna',
      'red-bracket',
      'group-jodi',
      'group-panel',
    ],
  },
  { title: 'Sangam', gameTypes: ['half-sangam', 'full-sangam'] },
];

/**
 * The game-type menu for one market family. Which family offers a bet type, its routes and its
 * title all come from the bet-type registry, so the menu names a screen as the screen's title does.
 */
export function menuFor(family: Family): MenuSection[] {
  return SECTIONS.map(({ title, gameTypes }) => ({
    title,
    entries: gameTypes.filter((g) => offeredIn(g, family)).flatMap(entriesOf),
  })).filter((section) => section.entries.length > 0);
}

/** The single screen, then the bulk one ('… Bulk' when both exist). */
function entriesOf(gameType: GameType): MenuEntry[] {
  const { singleRoute, bulkRoute } = BET_TYPES[gameType];
  const title = gameTypeName(gameType);
  const entries: MenuEntry[] = [];
  if (singleRoute) entries.push({ label: title, route: singleRoute, gameType });
  if (bulkRoute)
    entries.push({ label: singleRoute ? tGames('bulk', { title }) : title, route: bulkRoute, gameType });
  return entries;
}
