import type { WaitingChange } from './types';
import { ConfirmButton } from './ui/confirm';
import { operatorChangeText } from './words';

// A change of an operator that waits for a second owner (nobody alone): what it is, who asked,
// and Approve (not for its requester or its subject) or Reject. Shown on the Operators screen and in
// the Money screen's list of what waits for a second operator.

const what = (change: WaitingChange) => {
  const text = operatorChangeText(change.kind);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** "Raise to owner for desk.2, asked by ravi". */
export function changeText(change: WaitingChange, username: string): string {
  return `${what(change)} for ${username}, asked by ${change.requestedBy}`;
}

export function WaitingChangeActions(props: {
  change: WaitingChange;
  username: string;
  meId: string | undefined;
  write: (method: 'post', path: string, body: undefined, text: string | null) => Promise<boolean>;
}) {
  const { change, username, meId, write } = props;
  const mine = change.approvals.some((a) => a.adminId === meId);
  const aboutMe = change.operatorId === meId;
  return (
    <span className="actions">
      {mine || aboutMe ? (
        <span className="meta">
          {aboutMe ? 'About you: another owner approves it' : 'You asked: another owner approves it'}
        </span>
      ) : (
        <ConfirmButton
          label="Approve"
          ariaLabel={`Approve: ${changeText(change, username)}`}
          question={`${changeText(change, username)}. Approve it? It takes effect at once.`}
          yes="Approve"
          onConfirm={() =>
            write(
              'post',
              `admin/operators/${change.operatorId}/approve`,
              undefined,
              `Approved: ${what(change)} for ${username}`,
            )
          }
        />
      )}{' '}
      <button
        type="button"
        onClick={() =>
          void write(
            'post',
            `admin/operators/${change.operatorId}/reject`,
            undefined,
            `Rejected: ${what(change)} for ${username}`,
          )
        }
      >
        Reject
      </button>
    </span>
  );
}
