import { useState } from 'react';
import { useMe } from './me';
import { useRead } from './read';
import type { Operator } from './types';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { useWrite } from './write';

/** Operators (owners only; the server refuses staff): create, change role, switch off. */
export function OperatorsPage() {
  const me = useMe();
  const { note, error, version, write } = useWrite();
  const list = useRead<Operator[]>(me?.role === 'owner' ? 'admin/operators' : null, undefined, version);
  const [draft, setDraft] = useState({ username: '', password: '', role: 'staff' });
  if (me?.role !== 'owner') return <p className="muted">Operators are managed by owners.</p>;
  return (
    <section>
      <h1>Operators</h1>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form card"
        onSubmit={(e) => {
          e.preventDefault();
          void write('post', 'admin/operators', draft, `${draft.username} created`);
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
        <button type="submit">Create operator</button>
      </form>
      <Status loading={list.loading} error={list.error} />
      <table aria-label="Operators">
        <thead>
          <tr>
            <th>Username</th>
            <th>Role</th>
            <th>Active</th>
            <th>Sessions, two-factor</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((o) => (
            <tr key={o._id}>
              <td>{o.username}</td>
              <td>
                {o.role}{' '}
                <button
                  type="button"
                  onClick={() =>
                    void write(
                      'patch',
                      `admin/operators/${o._id}`,
                      { role: o.role === 'owner' ? 'staff' : 'owner' },
                      `${o.username} is now ${o.role === 'owner' ? 'staff' : 'an owner'}`,
                    )
                  }
                >
                  Make {o.role === 'owner' ? 'staff' : 'owner'}
                </button>
              </td>
              <td>
                {o.isActive ? 'Yes ' : 'No '}
                <button
                  type="button"
                  className={o.isActive ? 'danger' : ''}
                  onClick={() =>
                    void write(
                      'patch',
                      `admin/operators/${o._id}`,
                      { isActive: !o.isActive },
                      `${o.username} ${o.isActive ? 'switched off' : 'switched on'}`,
                    )
                  }
                >
                  {o.isActive ? 'Switch off' : 'Switch on'}
                </button>
              </td>
              <td>
                <button
                  type="button"
                  onClick={() =>
                    void write(
                      'delete',
                      `admin/operators/${o._id}/sessions`,
                      undefined,
                      `Every session of ${o.username} ended`,
                    )
                  }
                >
                  End sessions
                </button>{' '}
                {o.twoFactor ? 'On ' : 'Off'}
                {o.twoFactor ? (
                  // A lost phone: the operator sets it up again at their next sign-in.
                  <button
                    type="button"
                    className="danger"
                    onClick={() =>
                      void write(
                        'patch',
                        `admin/operators/${o._id}`,
                        { twoFactor: false },
                        `Two-factor sign-in turned off for ${o.username}`,
                      )
                    }
                  >
                    Turn off
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
