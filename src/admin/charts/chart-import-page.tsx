import { useState } from 'react';
import { type Envelope, http, messageOf } from '../api';
import { type Family, GAME_PATHS, type Game } from '../market';
import { readFile, useRead } from '../read';
import type { ChartImportAnswer } from '../types';
import { ConfirmButton } from '../ui/confirm';
import { FamilyField } from '../ui/family-field';
import { Field } from '../ui/field';
import { GameSelect } from '../ui/game-select';
import { ErrorLine, Notice } from '../ui/status';
import { Table } from '../ui/table';
import { countText, dayText } from '../words';
import '../feeds/feeds.css';

/** '1 day', '3,650 days'. */
const days = (n: number) => countText(n, 'day');

const LAYOUTS: Record<Family, string> = {
  main: 'date,open,jodi,close (2024-01-15,123,68,440)',
  starline: 'date,time,panna,digit (2024-01-15,10:00,128,1)',
  galidisawar: 'date,jodi (2024-01-15,68)',
};

/** Sends the file; a dry run writes nothing. */
async function upload(gameId: string, csv: string, dryRun: boolean): Promise<ChartImportAnswer> {
  const answer = await http
    .post('admin/charts/import', {
      searchParams: { gameId, dryRun: String(dryRun) },
      body: csv,
      headers: { 'content-type': 'text/csv' },
      timeout: 120_000,
    })
    .json<Envelope<ChartImportAnswer>>();
  return answer.data;
}

function DryRun({ run }: { run: ChartImportAnswer }) {
  return (
    <div className="card">
      <h2>What the file holds</h2>
      <p className="summary">
        <strong>{days(run.added)} to add</strong>
        <span>{days(run.unchanged)} already the same</span>
        <span>{days(run.holidays)} without a result</span>
        <span className={run.conflicts.length ? 'error' : undefined}>
          {run.conflicts.length} differ from ours
        </span>
        <span className={run.invalid.length ? 'error' : undefined}>
          {run.invalid.length} line{run.invalid.length === 1 ? '' : 's'} refused
        </span>
      </p>
      {run.conflicts.length ? (
        <Table<ChartImportAnswer['conflicts'][number]>
          label="Days that differ from ours (ours are kept)"
          stack
          rows={run.conflicts}
          rowKey={(c) => c.date}
          columns={[
            { title: 'Date', role: 'title', cell: (c) => dayText(c.date) },
            { title: 'Ours', cell: (c) => c.existing },
            { title: 'In the file', cell: (c) => c.imported },
          ]}
        />
      ) : null}
      {run.invalid.length ? (
        <Table<ChartImportAnswer['invalid'][number]>
          label="Lines refused"
          stack
          rows={run.invalid}
          rowKey={(i) => String(i.line)}
          columns={[
            { title: 'Line', role: 'title', cell: (i) => `Line ${i.line}` },
            { title: 'Why', cell: (i) => i.reason },
          ]}
        />
      ) : null}
    </div>
  );
}

/**
 * Chart history (owners; issue 46): a market's past results from a CSV file. Choose the market,
 * pick the file, see what it would add (a dry run), then import. Imported days show in every chart
 * and settle nothing; a day we have is never changed. "Download" writes our chart in the same layout.
 */
export function ChartImportPage() {
  const [family, setFamily] = useState<Family>('main');
  const [gameId, setGameId] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [run, setRun] = useState<ChartImportAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const games = useRead<Game[]>(GAME_PATHS[family]);
  const game = games.data?.find((g) => g._id === gameId) ?? null;
  const work = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const check = () =>
    work(async () => {
      setNote(null);
      setRun(file ? await upload(gameId, file.text, true) : null);
    });
  const commit = () =>
    work(async () => {
      const done = await upload(gameId, file?.text ?? '', false);
      setRun(null);
      setNote(`${game?.gameName}: ${days(done.added)} imported, ${days(done.unchanged)} already there`);
    });
  const download = () =>
    work(async () => {
      const blob = await readFile('admin/charts/export.csv', { gameId }, () => undefined);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `${(game?.gameName ?? 'market').toLowerCase().replace(/[^a-z0-9]+/g, '-')}-chart.csv`;
      a.click();
      URL.revokeObjectURL(a.href);
    });

  return (
    <section className="feeds">
      <h1>Chart history</h1>
      <p className="muted">
        One line a day, {LAYOUTS[family]}; dates as YYYY-MM-DD or DD/MM/YYYY; *** or an empty cell for a day
        without a result; a header line is optional.
      </p>
      <form
        className="row-form file-pick"
        aria-label="Chart file"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <FamilyField
          value={family}
          onChange={(f) => {
            setFamily(f);
            setGameId('');
            setRun(null);
          }}
        />
        <GameSelect
          games={games.data ?? null}
          value={gameId}
          onChange={(id) => {
            setGameId(id);
            setRun(null);
          }}
        />
        <Field label="Chart file (CSV)">
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            required
            onChange={async (e) => {
              const picked = e.target.files?.[0];
              setRun(null);
              setFile(picked ? { name: picked.name, text: await picked.text() } : null);
            }}
          />
        </Field>
        <button type="submit" disabled={busy || !gameId || !file}>
          {busy && !run ? 'Checking...' : 'Check the file'}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy || !gameId}
          onClick={() => void download()}
        >
          Download our chart
        </button>
      </form>
      <Notice text={note} />
      <ErrorLine text={error} />
      {run ? <DryRun run={run} /> : null}
      {run && run.added > 0 ? (
        <p className="decide">
          <ConfirmButton
            label={`Import ${days(run.added)}`}
            question={`Import ${days(run.added)} of ${game?.gameName ?? 'this market'} from ${file?.name ?? 'the file'}? They show in every chart and settle nothing; days we already have are not changed.`}
            yes="Import"
            onConfirm={commit}
          />
        </p>
      ) : null}
    </section>
  );
}
