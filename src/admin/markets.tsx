import { useState } from 'react';
import { type Family, GAME_PATHS } from './market';
import { MarketCard, type MarketGame } from './market-card';
import { Rates } from './rates';
import { useRead } from './read';
import { CardList } from './ui/card-list';
import { FamilyField } from './ui/family-field';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { countText, familyName } from './words';
import { useWrite } from './write';

/** Markets shown at once; "Show more" adds as many again (a phone's page stays short). */
const PAGE = 20;

/**
 * Markets: a family's markets as one line each (name, times, state now), found by name and opened
 * one at a time to change its times, close or open it, or its weekdays; a new market; the rates.
 */
export function MarketsPage() {
  const [family, setFamily] = useState<Family>('main');
  const { note, error, version, write } = useWrite();
  const games = useRead<MarketGame[]>(GAME_PATHS[family], undefined, version);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const wanted = search.trim().toLowerCase();
  const found = (games.data ?? []).filter((g) => g.gameName.toLowerCase().includes(wanted));
  return (
    <section>
      <h1>Markets</h1>
      <Notice text={note} />
      <ErrorLine text={error} />
      <div className="row-form">
        <FamilyField
          value={family}
          onChange={(next) => {
            setFamily(next);
            setShown(PAGE);
          }}
        />
        <Field label="Find a market">
          <input
            type="search"
            value={search}
            placeholder="Name"
            onChange={(e) => {
              setSearch(e.target.value);
              setShown(PAGE);
            }}
          />
        </Field>
      </div>
      <Status loading={games.loading} error={games.error} />
      {games.data ? (
        <p className="muted">
          {found.length} of {countText(games.data.length, `${familyName(family).toLowerCase()} market`)}. Open
          one to change its times, close it or (main) its weekdays.
        </p>
      ) : null}
      <CardList
        label="Markets"
        items={games.data ? found.slice(0, shown) : null}
        itemKey={(g) => g._id}
        empty={
          wanted
            ? `No ${familyName(family).toLowerCase()} market matches "${search.trim()}".`
            : 'No markets yet.'
        }
      >
        {(g) => (
          <MarketCard
            game={g}
            family={family}
            save={(body, text) => write('put', `${GAME_PATHS[family]}/${g._id}`, body, text)}
          />
        )}
      </CardList>
      {found.length > shown ? (
        <button type="button" className="secondary" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, found.length - shown)} more ({found.length - shown} not shown)
        </button>
      ) : null}
      <NewMarket family={family} write={write} />
      <Rates key={family} family={family} />
    </section>
  );
}

/** A new market of the family, folded away until asked for. */
function NewMarket({ family, write }: { family: Family; write: ReturnType<typeof useWrite>['write'] }) {
  const [draft, setDraft] = useState({ gameName: '', openTime: '', closeTime: '' });
  const main = family === 'main';
  return (
    <details className="card">
      <summary>
        <strong>Add a {familyName(family).toLowerCase()} market</strong>
      </summary>
      <form
        className="row-form"
        onSubmit={async (e) => {
          e.preventDefault();
          const body = {
            gameName: draft.gameName,
            openTime: draft.openTime,
            ...(main ? { closeTime: draft.closeTime } : {}),
          };
          if (await write('post', GAME_PATHS[family], body, `${draft.gameName} created`))
            setDraft({ gameName: '', openTime: '', closeTime: '' });
        }}
      >
        <Field label="New market name">
          <input
            value={draft.gameName}
            onChange={(e) => setDraft({ ...draft, gameName: e.target.value })}
            required
          />
        </Field>
        <Field label={main ? 'Opens' : 'Draw at'}>
          <input
            type="time"
            value={draft.openTime}
            onChange={(e) => setDraft({ ...draft, openTime: e.target.value })}
            required
          />
        </Field>
        {main ? (
          <Field label="Closes">
            <input
              type="time"
              value={draft.closeTime}
              onChange={(e) => setDraft({ ...draft, closeTime: e.target.value })}
              required
            />
          </Field>
        ) : null}
        <button type="submit">Create market</button>
      </form>
    </details>
  );
}
