import { changeText, WaitingChangeActions } from './operator-changes';
import type { Operator } from './types';
import { ConfirmButton } from './ui/confirm';
import type { useWrite } from './write';

type Write = ReturnType<typeof useWrite>['write'];

/**
 * One operator on the Operators screen: role, state, a change waiting for a second owner, and
 * what an owner may do. An account asked for and not yet approved exists only as a request
 * (issue 49): its card offers Approve and Reject alone, nothing to raise, switch off or end.
 */
export function OperatorCard(props: {
  o: Operator;
  meId: string;
  write: Write;
  onReset: (o: Operator) => void;
}) {
  const { o, meId, write } = props;
  const self = o._id === meId;
  const asked = o.waiting?.kind === 'create';
  const patch = (body: Record<string, unknown>, text: string | null) =>
    void write('patch', `admin/operators/${o._id}`, body, text);
  return (
    <li className="item" aria-label={`Operator ${o.username}`}>
      <h3>
        {o.username} <span className="tag">{o.role === 'owner' ? 'Owner' : 'Staff'}</span>{' '}
        {asked ? (
          <span className="tag">Not yet approved</span>
        ) : (
          <span className={o.isActive ? 'tag' : 'tag bad'}>{o.isActive ? 'Active' : 'Switched off'}</span>
        )}
        {self ? <span className="tag">You</span> : null}
      </h3>
      {asked ? null : <p className="meta">Two-factor sign-in {o.twoFactor ? 'on' : 'off'}</p>}
      {o.waiting ? (
        <p className="four-eyes">
          Waiting for a second owner: {changeText(o.waiting, o.username)}{' '}
          <WaitingChangeActions change={o.waiting} username={o.username} meId={meId} write={write} />
        </p>
      ) : null}
      {asked ? null : (
        <div className="actions">
          {o.role === 'owner' ? (
            <button type="button" onClick={() => patch({ role: 'staff' }, `${o.username} is now staff`)}>
              Make staff
            </button>
          ) : (
            <button type="button" disabled={!!o.waiting} onClick={() => patch({ role: 'owner' }, null)}>
              Make owner
            </button>
          )}
          {o.isActive ? (
            <ConfirmButton
              label="Switch off"
              danger
              question={`Switch ${o.username} off? Their sessions end at once; switching them back on needs two owners.`}
              yes="Switch off"
              onConfirm={() => patch({ isActive: false }, `${o.username} switched off`)}
            />
          ) : (
            <button type="button" disabled={!!o.waiting} onClick={() => patch({ isActive: true }, null)}>
              Switch back on
            </button>
          )}
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
          </button>
          {self ? null : (
            <button type="button" disabled={!!o.waiting} onClick={() => props.onReset(o)}>
              Reset password
            </button>
          )}
          {o.twoFactor && !self ? (
            // A lost phone: once a second owner approves, they set it up again at their next sign-in.
            <button
              type="button"
              className="danger"
              disabled={!!o.waiting}
              onClick={() => patch({ twoFactor: false }, null)}
            >
              Turn two-factor off
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}
