import { useState } from 'react';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS } from '../contracts/audit-actions';
import { shortDiff } from './audit-diff';
import { type AuditEntry, auditSentence } from './audit-words';
import { useRead } from './read';
import { CardList } from './ui/card-list';
import { Field } from './ui/field';
import { Status } from './ui/status';
import { whenText } from './words';

type Filter = { player: string; operator: string; action: string; kind: string };

/** The two kinds of row an operator looks for apart (GET /admin/audit-log?kind=). */
const KINDS: Array<[string, string]> = [
  ['', 'Everything'],
  ['actions', 'What operators did'],
  ['sign-ins', 'Sign-ins'],
];

function EntryCard({ e }: { e: AuditEntry }) {
  const diff = shortDiff(e.before, e.after);
  return (
    <li className="item">
      <p>
        <strong>{auditSentence(e)}</strong>
      </p>
      <p className="meta">
        {whenText(e.at)} · {e.username} ({e.role}) · from {e.clientAddress}
      </p>
      {diff.length > 0 ? (
        <ul className="diff" aria-label="What changed">
          {diff.map(([field, was, now]) => (
            <li key={field}>
              {field}: <del>{was}</del> → <ins>{now}</ins>
            </li>
          ))}
        </ul>
      ) : null}
      <details>
        <summary>Request and raw record</summary>
        <p className="meta">
          {e.method} {e.path} · status {e.status}
        </p>
        <pre>{JSON.stringify({ request: e.request, before: e.before, after: e.after }, null, 2)}</pre>
      </details>
    </li>
  );
}

/** The audit log in words, newest first, filtered by player, operator and action. */
export function AuditPage() {
  const [filter, setFilter] = useState<Filter>({ player: '', operator: '', action: '', kind: '' });
  const [applied, setApplied] = useState(filter);
  const params: Record<string, string> = { limit: '50' };
  const player = applied.player.replace(/\s+/g, '').replace(/^(\+91|0)/, '');
  if (player) params.player = player;
  if (applied.operator.trim()) params.operator = applied.operator.trim();
  if (applied.action) params.action = applied.action;
  if (applied.kind) params.kind = applied.kind;
  const log = useRead<AuditEntry[]>('admin/audit-log', params);
  const filtered = Boolean(params.player || params.operator || params.action || params.kind);
  return (
    <section>
      <h1>Audit log</h1>
      <fieldset className="decide" aria-label="Show">
        {KINDS.map(([kind, label]) => (
          <button
            key={kind}
            type="button"
            className={applied.kind === kind ? undefined : 'secondary'}
            aria-pressed={applied.kind === kind}
            onClick={() => {
              setFilter({ ...filter, kind });
              setApplied({ ...applied, kind });
            }}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <form
        className="row-form"
        aria-label="Filter the audit log"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filter);
        }}
      >
        <Field label="Player (phone)">
          <input
            value={filter.player}
            inputMode="numeric"
            placeholder="98765 43210"
            onChange={(e) => setFilter({ ...filter, player: e.target.value })}
          />
        </Field>
        <Field label="Operator">
          <input
            value={filter.operator}
            placeholder="username"
            onChange={(e) => setFilter({ ...filter, operator: e.target.value })}
          />
        </Field>
        <Field label="Action">
          <select
            className="fit"
            value={filter.action}
            onChange={(e) => setFilter({ ...filter, action: e.target.value })}
          >
            <option value="">Any action</option>
            {AUDIT_ACTION_NAMES.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTIONS[a].label}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit">Filter</button>
      </form>
      <Status loading={log.loading} error={log.error} />
      <CardList
        label="Audit log"
        items={log.data}
        itemKey={(e) => e._id}
        empty={filtered ? 'Nothing matches these filters.' : 'No operator has changed anything yet.'}
      >
        {(e) => <EntryCard e={e} />}
      </CardList>
    </section>
  );
}
