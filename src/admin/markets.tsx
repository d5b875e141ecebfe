import { useState } from 'react';
import { messageOf, send } from './api';
import { type Family, GAME_PATHS } from './market';
import { useRead } from './read';
import type { DaySchedule, GaliGame, MainGame, StarlineGame } from './types';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { useWrite } from './write';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** A game of any family, as its family's list answers it. */
type MarketGame = MainGame | StarlineGame | GaliGame;

/** Markets: create a game, its times, open or closed today, its weekday schedule; the rates. */
export function MarketsPage() {
  const [family, setFamily] = useState<Family>('main');
  const { note, error, version, write } = useWrite();
  const games = useRead<MarketGame[]>(GAME_PATHS[family], undefined, version);
  const [draft, setDraft] = useState({ gameName: '', openTime: '', closeTime: '' });
  return (
    <section>
      <h1>Markets</h1>
      <Field label="Family">
        <select value={family} onChange={(e) => setFamily(e.target.value as Family)}>
          <option value="main">Main</option>
          <option value="starline">Starline</option>
          <option value="galidisawar">Galidisawar</option>
        </select>
      </Field>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form card"
        onSubmit={(e) => {
          e.preventDefault();
          const body = {
            gameName: draft.gameName,
            openTime: draft.openTime,
            ...(family === 'main' ? { closeTime: draft.closeTime } : {}),
          };
          void write('post', GAME_PATHS[family], body, `${draft.gameName} created`);
        }}
      >
        <Field label="New market name">
          <input
            value={draft.gameName}
            onChange={(e) => setDraft({ ...draft, gameName: e.target.value })}
            required
          />
        </Field>
        <Field label="Opens">
          <input
            type="time"
            value={draft.openTime}
            onChange={(e) => setDraft({ ...draft, openTime: e.target.value })}
            required
          />
        </Field>
        {family === 'main' ? (
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
      <Status loading={games.loading} error={games.error} />
      <table aria-label="Markets" className="stack">
        <thead>
          <tr>
            <th>Market</th>
            <th>Times</th>
            <th>Today</th>
            {family === 'main' ? <th>Weekdays (open)</th> : null}
          </tr>
        </thead>
        <tbody>
          {(games.data ?? []).map((g) => {
            const path = `${GAME_PATHS[family]}/${g._id}`;
            return (
              <tr key={g._id}>
                <td className="stack-title">
                  {g.gameName}
                  {g.isActive ? '' : ' (inactive)'}
                </td>
                <td data-label="Times (opens, closes)">
                  <Times
                    game={g}
                    family={family}
                    onSave={(body, text) => void write('put', path, body, text)}
                  />
                </td>
                <td data-label="Today">
                  <button
                    type="button"
                    className={g.currentMarketStatus ? 'danger' : ''}
                    onClick={() =>
                      void write(
                        'put',
                        path,
                        { currentMarketStatus: !g.currentMarketStatus },
                        `${g.gameName} ${g.currentMarketStatus ? 'closed' : 'opened'} for today`,
                      )
                    }
                  >
                    {g.currentMarketStatus ? `Close ${g.gameName} today` : `Open ${g.gameName} today`}
                  </button>
                </td>
                {family === 'main' && g.schedule ? (
                  <td className="decide" data-label="Open on these weekdays">
                    {WEEKDAYS.map((d) => {
                      const day = g.schedule?.[d] as DaySchedule;
                      return (
                        <label key={d} className="check">
                          <input
                            type="checkbox"
                            checked={day.marketStatus}
                            aria-label={`${g.gameName} open on ${d}`}
                            onChange={() =>
                              void write(
                                'put',
                                path,
                                { schedule: { [d]: { ...day, marketStatus: !day.marketStatus } } },
                                `${g.gameName}: ${d} ${day.marketStatus ? 'closed' : 'open'}`,
                              )
                            }
                          />
                          {d.slice(0, 3)}
                        </label>
                      );
                    })}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      <Rates family={family} />
    </section>
  );
}

/** A market's times, edited in place (the weekday schedule keeps its own per day). */
function Times(props: {
  game: MarketGame;
  family: Family;
  onSave: (body: { openTime: string; closeTime?: string }, text: string) => void;
}) {
  const { game, family } = props;
  const [open, setOpen] = useState(game.openTime);
  const [close, setClose] = useState(game.closeTime ?? '');
  const changed = open !== game.openTime || (family === 'main' && close !== (game.closeTime ?? ''));
  return (
    <span className="decide">
      <input
        type="time"
        aria-label={`${game.gameName} opens`}
        value={open}
        onChange={(e) => setOpen(e.target.value)}
      />
      {family === 'main' ? (
        <input
          type="time"
          aria-label={`${game.gameName} closes`}
          value={close}
          onChange={(e) => setClose(e.target.value)}
        />
      ) : null}
      {changed ? (
        <button
          type="button"
          onClick={() =>
            props.onSave(
              family === 'main' ? { openTime: open, closeTime: close } : { openTime: open },
              `${game.gameName}: times saved`,
            )
          }
        >
          Save times
        </button>
      ) : null}
    </span>
  );
}

const RATE_PATHS: Record<Family, string> = {
  main: 'admin/game-point',
  starline: 'admin/starline-game-rate',
  galidisawar: 'admin/galidisawar-rate',
};

function Rates({ family }: { family: Family }) {
  const [version, setVersion] = useState(0);
  const rates = useRead<Array<Record<string, number | string>>>(
    RATE_PATHS[family],
    undefined,
    String(version),
  );
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const entry = rates.data?.[0] ?? {};
  const keys = Object.keys(entry).filter((k) => /(Point|Amount)$/.test(k));
  const bets = [...new Set(keys.map((k) => k.replace(/(Point|Amount)$/, '')))];
  return (
    <div className="card">
      <h2>Rates</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form"
        onSubmit={async (e) => {
          e.preventDefault();
          const body = Object.fromEntries(Object.entries(edits).map(([k, v]) => [k, Number(v)]));
          try {
            await send('put', RATE_PATHS[family], body);
            setNote('Rates saved');
            setEdits({});
            setVersion((v) => v + 1);
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        {bets.map((b) => (
          <span key={b} className="decide">
            <strong>{b}</strong>
            {(['Point', 'Amount'] as const).map((part) => (
              <input
                key={part}
                aria-label={`${b} ${part.toLowerCase()}`}
                inputMode="numeric"
                size={6}
                value={edits[`${b}${part}`] ?? String(entry[`${b}${part}`] ?? '')}
                onChange={(e) => setEdits({ ...edits, [`${b}${part}`]: e.target.value.replace(/\D/g, '') })}
              />
            ))}
          </span>
        ))}
        <button type="submit" disabled={Object.keys(edits).length === 0}>
          Save rates
        </button>
      </form>
    </div>
  );
}
