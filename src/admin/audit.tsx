import { useState } from 'react';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS } from '../contracts/audit-actions';
import { type AuditEntry, auditSentence, shortDiff } from './audit-words';
import { useRead } from './read';
import { CardList } from './ui/card-list';
import { Field } from './ui/field';
import { Status } from './ui/status';
import { whenText } from './words';

type Filter = { player: string; operator: string; action: string };

/** The fields a change names most, in words (the API keeps its own names). */
const FIELD_WORDS: Record<string, string> = {
  status: 'Status',
  reason: 'Reason',
  amount: 'Amount',
  balance: 'Balance',
  isBlocked: 'Blocked',
  globel_batting: 'Betting',
  currentMarketStatus: 'Taking bids',
  isActive: 'Switched on',
  openTime: 'Opens',
  closeTime: 'Closes',
  gameName: 'Name',
  schedule: 'Weekdays',
  texts: 'Hindi and Marathi',
};
const fieldWord = (field: string) => FIELD_WORDS[field] ?? field;
const valueWord = (v: string) => (v === 'true' ? 'yes' : v === 'false' ? 'no' : v);

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
              {fieldWord(field)}: <del>{valueWord(was)}</del> → <ins>{valueWord(now)}</ins>
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
  const [filter, setFilter] = useState<Filter>({ player: '', operator: '', action: '' });
  const [applied, setApplied] = useState(filter);
  const params: Record<string, string> = { limit: '50' };
  const player = applied.player.replace(/\s+/g, '').replace(/^(\+91|0)/, '');
  if (player) params.player = player;
  if (applied.operator.trim()) params.operator = applied.operator.trim();
  if (applied.action) params.action = applied.action;
  const log = useRead<AuditEntry[]>('admin/audit-log', params);
  const filtered = Boolean(params.player || params.operator || params.action);
  return (
    <section>
      <h1>Audit log</h1>
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
          <select value={filter.action} onChange={(e) => setFilter({ ...filter, action: e.target.value })}>
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
