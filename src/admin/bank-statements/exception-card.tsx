import { useState } from 'react';
import type { ReconciliationException } from '../types';
import { ConfirmButton } from '../ui/confirm';
import { Field } from '../ui/field';
import { ErrorLine } from '../ui/status';
import { dayText, whenText } from '../words';
import { useWrite } from '../write';
import { adviceFor, closedText, KIND_TITLE } from './words';

/**
 * One exception as a card: what is wrong in words, what to do, and for an owner a note and
 * "Resolve" (confirmed; the server audits it). A closed one says who or what closed it.
 */
export function ExceptionCard(props: {
  e: ReconciliationException;
  owner: boolean;
  onDone: (text: string) => void;
}) {
  const { e } = props;
  const w = useWrite();
  const [note, setNote] = useState('');
  const resolve = async () => {
    const ok = await w.write('post', `admin/reconciliation/exceptions/${e._id}/resolve`, { note }, '');
    if (ok) props.onDone(`Resolved: ${KIND_TITLE[e.kind]} of ${dayText(e.day)}`);
  };
  return (
    <li className="item statement-exception" aria-label={`${KIND_TITLE[e.kind]}, ${dayText(e.day)}`}>
      <h3>
        {KIND_TITLE[e.kind]}{' '}
        <span className={e.status === 'open' ? 'tag bad' : 'tag ok'}>{dayText(e.day)}</span>
      </h3>
      <p className="wrap">{e.detail}</p>
      <p className="meta">
        Found {whenText(e.since)}
        {e.utr ? ` · UTR ${e.utr}` : ''}
      </p>
      {e.status === 'open' ? (
        <p className="meta">{adviceFor(e)}</p>
      ) : (
        <p className="meta">
          {closedText(e)}
          {e.note && e.closedBy === 'owner' ? `: “${e.note}”` : ''}
        </p>
      )}
      {e.status === 'open' && props.owner ? (
        <div className="actions">
          <Field label="What you found">
            <textarea
              rows={2}
              maxLength={500}
              value={note}
              onChange={(ev) => setNote(ev.target.value)}
              placeholder="Checked the bank app: …"
            />
          </Field>
          <ConfirmButton
            label="Resolve"
            check={() => (note.trim().length >= 3 ? null : 'Write what you found first')}
            question={`Close “${KIND_TITLE[e.kind]}” of ${dayText(e.day)} with your note? The audit log keeps it.`}
            yes="Resolve"
            onConfirm={resolve}
          />
        </div>
      ) : null}
      <ErrorLine text={w.error} />
    </li>
  );
}
