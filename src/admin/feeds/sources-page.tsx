import { useState } from 'react';
import { messageOf, send } from '../api';
import { useRead } from '../read';
import type { ResultReport, ResultSource } from '../types';
import { CardList } from '../ui/card-list';
import { ConfirmButton } from '../ui/confirm';
import { ErrorLine, Notice, Status } from '../ui/status';
import { whenText } from '../words';
import { OUTCOME } from './feed-words';
import { SourceForm } from './source-form';
import './feeds.css';

/** What a fetch brought: '3 reports: 2 agreed, 1 invalid'. */
function fetchedText(name: string, reports: ResultReport[], error: string | null): string {
  if (error) return `Fetching ${name} failed: ${error}`;
  const counts = new Map<string, number>();
  for (const r of reports) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  const parts = [...counts].map(([outcome, n]) => `${n} ${outcome}`);
  return `${name}: ${reports.length} report${reports.length === 1 ? '' : 's'}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

function SourceCard(props: {
  s: ResultSource;
  onEdit: () => void;
  act: (run: () => Promise<string>) => void;
}) {
  const { s, act } = props;
  const markets = Object.keys(s.markets);
  return (
    <li className="item" aria-label={`Result source ${s.name}`}>
      <h3>
        {s.name} <span className={`tag ${s.enabled ? 'ok' : 'muted'}`}>{s.enabled ? 'on' : 'off'}</span>
      </h3>
      {s.kind === 'push' ? (
        <p className="meta">
          Pushes to <code>{s.pushPath}</code>
          {s.secretSet ? '' : ' (set RESULT_FEED_SECRET: until then every push is refused)'}
        </p>
      ) : (
        <p className="meta">
          We fetch <code className="address">{s.url}</code>
          {s.lastPolledAt ? `; last fetched ${whenText(s.lastPolledAt)}` : '; not fetched yet'}
        </p>
      )}
      {s.lastError ? <p className="error">Last fetch failed: {s.lastError}</p> : null}
      <p className="meta">
        {markets.length
          ? `Markets: ${markets.join(', ')}`
          : 'No markets mapped yet: its reports are all invalid.'}
      </p>
      <div className="actions">
        <button type="button" className="secondary" onClick={props.onEdit}>
          Change
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            act(async () => {
              await send('patch', `admin/result-sources/${s._id}`, { enabled: !s.enabled });
              return `${s.name} switched ${s.enabled ? 'off' : 'on'}`;
            })
          }
        >
          {s.enabled ? 'Switch off' : 'Switch on'}
        </button>
        {s.kind === 'json-url' && s.enabled ? (
          <button
            type="button"
            onClick={() =>
              act(async () => {
                const out = await send<{ reports: ResultReport[]; error: string | null }>(
                  'post',
                  `admin/result-sources/${s._id}/fetch`,
                );
                return fetchedText(s.name, out.data.reports, out.data.error);
              })
            }
          >
            Fetch now
          </button>
        ) : null}
        <ConfirmButton
          label="Remove"
          ariaLabel={`Remove ${s.name}`}
          danger
          question={`Remove the result source ${s.name}? Its reports stay in the list; it sends or is fetched no more.`}
          yes="Remove it"
          onConfirm={() =>
            act(async () => {
              await send('delete', `admin/result-sources/${s._id}`);
              return `${s.name} removed`;
            })
          }
        />
      </div>
    </li>
  );
}

/**
 * Result sources (owners; issue 46): the services whose results declare themselves when enough of
 * them agree. Add or change one, switch it off, fetch a json-url source now, remove one.
 */
export function ResultSourcesPage() {
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<ResultSource | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useRead<ResultSource[]>('admin/result-sources', undefined, String(version));
  const act = (run: () => Promise<string>) => {
    setError(null);
    run()
      .then((text) => setNote(text))
      .catch((err) => setError(messageOf(err)))
      .finally(() => setVersion((v) => v + 1));
  };
  return (
    <section className="feeds">
      <h1>Result sources</h1>
      <p className="muted">
        When enough sources (RESULT_QUORUM, 2 unless set) report the same result for a market after its time,
        it is declared as if you had declared it: bids settle, players are told. Sources that disagree declare
        nothing: the Results screen shows what each says, for you to choose.
      </p>
      <Notice text={note} />
      <ErrorLine text={error} />
      <h2>Sources</h2>
      <Status loading={list.loading} error={list.error} />
      <CardList
        label="Result sources"
        items={list.data}
        itemKey={(s) => s._id}
        empty="No result sources yet: results are declared by hand."
      >
        {(s) => (
          <SourceCard
            s={s}
            act={act}
            onEdit={() => {
              setEditing(s);
              document.getElementById('source-form')?.scrollIntoView({ behavior: 'smooth' });
            }}
          />
        )}
      </CardList>
      <div id="source-form" />
      <SourceForm
        key={editing?._id ?? `new-${version}`}
        source={editing}
        onDone={(text) => {
          setEditing(null);
          if (text) setNote(text);
          setVersion((v) => v + 1);
        }}
      />
      <p className="muted">
        Outcomes of reports:{' '}
        {Object.values(OUTCOME)
          .map(([word]) => word)
          .join(', ')}
        . Each is listed with its reason on the Results screen.
      </p>
    </section>
  );
}
