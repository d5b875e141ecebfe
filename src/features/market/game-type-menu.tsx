import { menuLinkMessage } from '../../domain/market-tap';
import type { Declared, GameTimes } from '../../domain/windows';
import { tGames } from '../../i18n/en/games';
import { showError } from '../../lib/toast';
import { blockReason } from './block-reason';
import { menuFor } from './menu-model';

const NONE = { open: false, close: false };

type Props = {
  game: GameTimes;
  now: Date;
  tz: string;
  declared?: Declared;
  onOpen: (route: string) => void;
};

/**
 * The game-type menu of docs/product.md "Game-type menu" for the selected market's family. Entries whose
 * window has passed stay visible, greyed out with the reason under them, and answer 'Bid not
 * allowed after market close !' (src/domain) when tapped.
 */
export function GameTypeMenu({ game, now, tz, declared, onOpen }: Props) {
  return (
    <div className="game-menu">
      {menuFor(game.family).map((section) => (
        <section key={section.title} className="game-menu-section" aria-labelledby={`menu-${section.title}`}>
          <h2 id={`menu-${section.title}`}>{tGames(`section${section.title}`)}</h2>
          <ul>
            {section.entries.map((entry) => {
              const blocked = menuLinkMessage({ game, gameType: entry.gameType, now, tz, declared });
              const whyId = `menu-why${entry.route.replaceAll('/', '-')}`;
              return (
                <li key={entry.route}>
                  <a
                    href={entry.route}
                    className={`game-menu-entry${blocked ? ' is-blocked' : ''}`}
                    aria-disabled={blocked ? true : undefined}
                    aria-label={blocked ? entry.label : undefined}
                    aria-describedby={blocked ? whyId : undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      if (blocked) showError(blocked, blocked);
                      else onOpen(entry.route);
                    }}
                  >
                    <span>{entry.label}</span>
                    {blocked ? (
                      <span className="game-menu-why" id={whyId}>
                        {blockReason(game, entry.gameType, now, tz, declared ?? NONE)}
                      </span>
                    ) : null}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
