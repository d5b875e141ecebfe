import type { AnyGame } from '../../contracts/games';
import { tNotify as t } from '../../i18n/en/notify';

type Group = { family: 'main' | 'starline' | 'galidisawar'; games: AnyGame[] };

/**
 * The markets to follow, by family, each a checkbox; the list shows the active markets the app
 * knows (the three market lists in the store).
 */
export function MarketPicker(props: {
  groups: Group[];
  followed: readonly string[];
  disabled: boolean;
  onChange: (gameId: string, follow: boolean) => void;
}) {
  const shown = props.groups.filter((g) => g.games.length > 0);
  if (shown.length === 0) return <p className="card-meta">{t('noMarkets')}</p>;
  return (
    <div className="nf-markets">
      {shown.map((group) => (
        <fieldset key={group.family} className="nf-group">
          <legend>{t(group.family)}</legend>
          {group.games.map((g) => (
            <label key={g._id} className="nf-check">
              <input
                type="checkbox"
                checked={props.followed.includes(g._id)}
                disabled={props.disabled}
                onChange={(e) => props.onChange(g._id, e.target.checked)}
              />
              <span>{g.gameName}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
