import { useState } from 'react';
import { useMe } from './me';
import { OperatorCard } from './operator-card';
import { useRead } from './read';
import type { Operator } from './types';
import { CardList } from './ui/card-list';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { useWrite } from './write';

/**
 * Operators (owners only; the server refuses staff). Demoting and switching off act at once; a new
 * operator, a raise to owner, a switch back on and another operator's password or two-factor reset
 * wait for a second owner's approval (nobody alone), shown beside the operator.
 */
export function OperatorsPage() {
  const me = useMe();
  const { note, error, version, write } = useWrite();
  const list = useRead<Operator[]>(me?.role === 'owner' ? 'admin/operators' : null, undefined, version);
  const [draft, setDraft] = useState({ username: '', password: '', role: 'staff' });
  const [resetFor, setResetFor] = useState<Operator | null>(null);
  const [newPassword, setNewPassword] = useState('');
  if (me?.role !== 'owner') return <p className="muted">Operators are managed by owners.</p>;
  return (
    <section>
      <h1>Operators</h1>
      <p className="muted">
        A new operator, a raise to owner, a switch back on and a reset of another operator's password or
        two-factor sign-in wait for a second owner. With one owner, add the second from the server's shell:{' '}
        <code>npm run admin -- create-admin &lt;name&gt;</code>.
      </p>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form card"
        onSubmit={(e) => {
          e.preventDefault();
          void write('post', 'admin/operators', draft, null).then((done) => {
            if (done) setDraft({ username: '', password: '', role: 'staff' });
          });
        }}
      >
        <Field label="Username">
          <input
            value={draft.username}
            onChange={(e) => setDraft({ ...draft, username: e.target.value })}
            required
          />
        </Field>
        <Field label="Password">
          <input
            type="password"
            autoComplete="new-password"
            value={draft.password}
            onChange={(e) => setDraft({ ...draft, password: e.target.value })}
            required
          />
        </Field>
        <Field label="Role">
          <select value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value })}>
            <option value="staff">Staff</option>
            <option value="owner">Owner</option>
          </select>
        </Field>
        <button type="submit">Ask for a new operator</button>
      </form>
      {resetFor ? (
        <form
          className="row-form card"
          aria-label={`New password for ${resetFor.username}`}
          onSubmit={(e) => {
            e.preventDefault();
            void write('post', `admin/operators/${resetFor._id}/password`, { newPassword }, null).then(
              (done) => {
                if (done) {
                  setResetFor(null);
                  setNewPassword('');
                }
              },
            );
          }}
        >
          <Field label={`New password for ${resetFor.username}`}>
            <input
              type="password"
              autoComplete="new-password"
              minLength={8}
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              required
            />
          </Field>
          <button type="submit">Ask for the reset</button>
          <button type="button" onClick={() => setResetFor(null)}>
            Back
          </button>
        </form>
      ) : null}
      <Status loading={list.loading} error={list.error} />
      <CardList label="Operators" items={list.data} itemKey={(o) => o._id} empty="No operators yet.">
        {(o) => <OperatorCard o={o} meId={me._id} write={write} onReset={setResetFor} />}
      </CardList>
    </section>
  );
}
