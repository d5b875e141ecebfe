import { useState } from 'react';
import { messageOf, send } from '../api';
import { type Family, GAME_PATHS, type Game } from '../market';
import { useRead } from '../read';
import type { ResultSource } from '../types';
import { Field } from '../ui/field';
import { ErrorLine } from '../ui/status';

type Row = { name: string; gameId: string };

const FAMILY_NAMES: Record<Family, string> = {
  main: 'Main',
  starline: 'Starline',
  galidisawar: 'Galidisawar',
};

/** Every market of the three families, for the mapping's choices. */
function useAllGames(): Array<[Family, Game[]]> {
  const main = useRead<Game[]>(GAME_PATHS.main);
  const starline = useRead<Game[]>(GAME_PATHS.starline);
  const gali = useRead<Game[]>(GAME_PATHS.galidisawar);
  return [
    ['main', main.data ?? []],
    ['starline', starline.data ?? []],
    ['galidisawar', gali.data ?? []],
  ];
}

/**
 * Adds a result source or changes one: its name (part of the push address), kind, the address a
 * json-url source is polled at, and which of our markets each of the source's market names is.
 */
export function SourceForm(props: { source: ResultSource | null; onDone: (note: string | null) => void }) {
  const s = props.source;
  const [name, setName] = useState(s?.name ?? '');
  const [kind, setKind] = useState<ResultSource['kind']>(s?.kind ?? 'push');
  const [url, setUrl] = useState(s?.url ?? '');
  const [enabled, setEnabled] = useState(s?.enabled ?? true);
  const [rows, setRows] = useState<Row[]>(
    s ? Object.entries(s.markets).map(([n, gameId]) => ({ name: n, gameId })) : [{ name: '', gameId: '' }],
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const games = useAllGames();
  const setRow = (i: number, row: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...row } : r)));

  const save = async () => {
    setBusy(true);
    setError(null);
    const body = {
      name: name.trim(),
      kind,
      url: kind === 'json-url' ? url.trim() : null,
      enabled,
      markets: Object.fromEntries(
        rows.filter((r) => r.name.trim() && r.gameId).map((r) => [r.name.trim(), r.gameId]),
      ),
    };
    try {
      if (s) await send('patch', `admin/result-sources/${s._id}`, body);
      else await send('post', 'admin/result-sources', body);
      props.onDone(s ? `Result source ${body.name} changed` : `Result source ${body.name} added`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card source-form"
      aria-label={s ? `Change ${s.name}` : 'Add a result source'}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>{s ? `Change ${s.name}` : 'Add a result source'}</h2>
      <div className="row-form">
        <Field label="Name (letters, digits, -)">
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            pattern="[A-Za-z0-9-]{1,40}"
            required
          />
        </Field>
        <Field label="Kind">
          <select value={kind} onChange={(e) => setKind(e.target.value as ResultSource['kind'])}>
            <option value="push">It pushes to us</option>
            <option value="json-url">We fetch its address</option>
          </select>
        </Field>
        {kind === 'json-url' ? (
          <Field label="Address (JSON)">
            <input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://"
              required
            />
          </Field>
        ) : null}
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> On
        </label>
      </div>
      <h3>Its markets</h3>
      <p className="muted">The market names as the source writes them (case and spaces do not matter).</p>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is stable
        <div className="row-form mapping" key={i}>
          <Field label="Its name">
            <input
              value={row.name}
              onChange={(e) => setRow(i, { name: e.target.value })}
              placeholder="KALYAN"
            />
          </Field>
          <Field label="Our market">
            <select value={row.gameId} onChange={(e) => setRow(i, { gameId: e.target.value })}>
              <option value="">Choose a market</option>
              {games.map(([family, list]) => (
                <optgroup key={family} label={FAMILY_NAMES[family]}>
                  {list.map((g) => (
                    <option key={g._id} value={g._id}>
                      {g.gameName}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
          <button
            type="button"
            className="secondary"
            aria-label={`Remove the market ${row.name || i + 1}`}
            onClick={() => setRows(rows.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      <p className="decide">
        <button
          type="button"
          className="secondary"
          onClick={() => setRows([...rows, { name: '', gameId: '' }])}
        >
          Add a market
        </button>
        <button type="submit" disabled={busy}>
          {busy ? 'Saving...' : s ? 'Save changes' : 'Add source'}
        </button>
        {s ? (
          <button type="button" className="secondary" onClick={() => props.onDone(null)}>
            Cancel
          </button>
        ) : null}
      </p>
      <ErrorLine text={error} />
    </form>
  );
}
