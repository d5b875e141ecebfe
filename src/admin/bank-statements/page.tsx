import { useState } from 'react';
import { useMe } from '../me';
import { useRead } from '../read';
import type { BankStatement, ReconciliationException, StatementUpload } from '../types';
import { CardList } from '../ui/card-list';
import { Field } from '../ui/field';
import { Notice, Status } from '../ui/status';
import { dayText, whenText } from '../words';
import { ExceptionCard } from './exception-card';
import { StatementUploadForm, uploadSummary } from './upload';
import './bank-statements.css';

/**
 * Bank statements: every automatic UPI credit and every withdrawal paid with a UTR checked against
 * the bank. An owner uploads the day's statement; the exceptions (a credit or payout no statement
 * shows, an amount that differs, a payment nobody was credited with, a balance that does not add
 * up) are cards to work through, each resolved with a note by an owner or closed by itself by a
 * later statement or credit.
 */
export function BankStatementsPage() {
  const me = useMe();
  const owner = me?.role === 'owner';
  const [show, setShow] = useState<'open' | 'resolved'>('open');
  const [version, setVersion] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [summary, setSummary] = useState<StatementUpload | null>(null);
  const key = String(version);
  const list = useRead<ReconciliationException[]>(
    'admin/reconciliation/exceptions',
    { status: show, limit: '100' },
    key,
  );
  const statements = useRead<BankStatement[]>('admin/bank-statements', { limit: '10' }, key);
  const refresh = () => setVersion((v) => v + 1);
  return (
    <section className="bank-statements">
      <h1>Bank statements</h1>
      <p className="muted">
        Upload the bank statement every morning. Each UPI credit, and each withdrawal paid with a UTR, is
        checked against it by UTR and amount; what does not agree waits here.
      </p>
      {owner ? (
        <StatementUploadForm
          onUploaded={(s) => {
            setSummary(s);
            setShow('open');
            refresh();
          }}
        />
      ) : (
        <p className="meta">Only an owner uploads statements.</p>
      )}
      {summary ? (
        <p role="status" className="notice statement-summary">
          {uploadSummary(summary)}
        </p>
      ) : null}
      <Notice text={done} />
      <h2>{show === 'open' ? 'To look at' : 'Closed'}</h2>
      <Field label="Show">
        <select value={show} onChange={(e) => setShow(e.target.value as 'open' | 'resolved')}>
          <option value="open">Open exceptions</option>
          <option value="resolved">Closed, newest first</option>
        </select>
      </Field>
      <Status loading={list.loading} error={list.error} />
      <CardList
        label={show === 'open' ? 'Open exceptions' : 'Closed exceptions'}
        items={list.data}
        itemKey={(e) => e._id}
        empty={
          show === 'open'
            ? 'Nothing to look at: the statements agree with every credit and payout.'
            : 'Nothing closed yet.'
        }
      >
        {(e) => (
          <ExceptionCard
            e={e}
            owner={owner}
            onDone={(text) => {
              setDone(text);
              refresh();
            }}
          />
        )}
      </CardList>
      <h2>Uploaded statements</h2>
      <Status loading={statements.loading} error={statements.error} />
      <CardList
        label="Uploaded statements"
        items={statements.data}
        itemKey={(s) => s._id}
        empty="No statement uploaded yet."
      >
        {(s) => (
          <li className="item">
            <p>
              <strong>{s.bank}</strong> · {dayText(s.from)} to {dayText(s.to)} · {s.rows} lines ({s.newRows}{' '}
              new)
            </p>
            <p className="meta">Uploaded {whenText(s.uploadedAt)}</p>
          </li>
        )}
      </CardList>
    </section>
  );
}
