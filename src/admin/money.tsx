import { useContext, useState } from 'react';
import { messageOf, send } from './api';
import { MeContext } from './me';
import { ErrorLine, Notice, type Person, Status, useRead } from './shared';

type Approval = { adminId: string; username: string; at: string };
type Withdrawal = {
  _id: string;
  createdAt: string;
  method: string;
  amount: number;
  status: string;
  user?: Person;
  /** Four eyes: above FOUR_EYES_ABOVE two operators approve; `approvals` says who did already. */
  needsTwoApprovals?: boolean;
  approvals?: Approval[];
};
type Adjustment = {
  _id: string;
  user: Person;
  type: 'credit' | 'debit';
  amount: number;
  description: string;
  requestedBy: string;
  approvals: Approval[];
  createdAt: string;
};

/** Who approved a four-eyes item first, and that it waits for a second operator. */
function FourEyes({ approvals, needed }: { approvals: Approval[]; needed: boolean }) {
  if (!needed) return null;
  if (approvals.length === 0) return <span className="muted">Needs two operators</span>;
  return (
    <span className="four-eyes">
      Approved by {approvals.map((a) => a.username).join(', ')}: waits for a second operator
    </span>
  );
}
type Fund = {
  _id: string;
  createdAt: string;
  amount: number;
  status: string;
  utr?: string | null;
  user?: Person;
};

/** Approve or reject one request; a rejection asks for its reason (kept in the audit log). */
function Decide(props: {
  kind: 'withdrawals' | 'funds';
  id: string;
  who: string;
  onDone: (text: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'approve' | 'reject') => {
    if (action === 'reject' && !reason.trim()) return setError('Give a reason to reject');
    try {
      const r = await send(
        'post',
        `admin/${props.kind}/${props.id}/${action}`,
        action === 'reject' ? { reason } : {},
      );
      props.onDone(r.message ?? 'Done');
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <span className="decide">
      <button type="button" onClick={() => void act('approve')} aria-label={`Approve ${props.who}`}>
        Approve
      </button>
      <input
        placeholder="Reason to reject"
        aria-label={`Reason to reject ${props.who}`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <button
        type="button"
        className="danger"
        onClick={() => void act('reject')}
        aria-label={`Reject ${props.who}`}
      >
        Reject
      </button>
      {error ? <span className="error">{error}</span> : null}
    </span>
  );
}

export function MoneyPage() {
  const withdrawals = useRead<Withdrawal[]>('admin/withdrawals', { status: 'pending', limit: '50' });
  const funds = useRead<Fund[]>('admin/funds', { status: 'pending', limit: '50' });
  const adjustments = useRead<Adjustment[]>('admin/wallet-adjustments', { status: 'pending', limit: '50' });
  const me = useContext(MeContext);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const after = (text: string) => {
    setDone(text);
    void withdrawals.reload();
    void funds.reload();
    void adjustments.reload();
  };
  const applyAdjustment = async (a: Adjustment) => {
    setFailed(null);
    try {
      after((await send('post', `admin/wallet-adjustments/${a._id}/approve`)).message ?? 'Done');
    } catch (err) {
      setFailed(messageOf(err));
    }
  };
  return (
    <section>
      <h1>Money</h1>
      <Notice text={done} />
      <h2>Pending withdrawals</h2>
      <Status loading={withdrawals.loading} error={withdrawals.error} />
      <table aria-label="Pending withdrawals">
        <thead>
          <tr>
            <th>When</th>
            <th>Player</th>
            <th>Method</th>
            <th>Amount</th>
            <th>Decision</th>
          </tr>
        </thead>
        <tbody>
          {(withdrawals.data ?? []).map((w) => (
            <tr key={w._id}>
              <td>{new Date(w.createdAt).toLocaleString('en-IN')}</td>
              <td>
                {w.user?.name} {w.user?.phone}
              </td>
              <td>{w.method}</td>
              <td>
                {w.amount} <FourEyes approvals={w.approvals ?? []} needed={w.needsTwoApprovals === true} />
              </td>
              <td>
                <Decide
                  kind="withdrawals"
                  id={w._id}
                  who={`withdrawal of ${w.user?.phone ?? ''}`}
                  onDone={after}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Wallet adjustments waiting for a second owner</h2>
      <Status loading={adjustments.loading} error={adjustments.error} />
      <ErrorLine text={failed} />
      {adjustments.data && adjustments.data.length === 0 ? <p className="muted">None waiting.</p> : null}
      {adjustments.data?.length ? (
        <table aria-label="Wallet adjustments waiting">
          <thead>
            <tr>
              <th>When</th>
              <th>Player</th>
              <th>Change</th>
              <th>Requested by</th>
              <th>Decision</th>
            </tr>
          </thead>
          <tbody>
            {(adjustments.data ?? []).map((a) => (
              <tr key={a._id}>
                <td>{new Date(a.createdAt).toLocaleString('en-IN')}</td>
                <td>
                  {a.user.name} {a.user.phone}
                </td>
                <td>
                  {a.type === 'credit' ? '+' : '-'}
                  {a.amount} ({a.description})
                </td>
                <td>{a.requestedBy}</td>
                <td>
                  {me?.role === 'owner' && !a.approvals.some((x) => x.adminId === me._id) ? (
                    <button
                      type="button"
                      onClick={() => void applyAdjustment(a)}
                      aria-label={`Apply the adjustment for ${a.user.phone}`}
                    >
                      Apply
                    </button>
                  ) : (
                    <span className="muted">Another owner applies it</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h2>Pending fund requests</h2>
      <Status loading={funds.loading} error={funds.error} />
      <table aria-label="Pending fund requests">
        <thead>
          <tr>
            <th>When</th>
            <th>Player</th>
            <th>UTR</th>
            <th>Amount</th>
            <th>Decision</th>
          </tr>
        </thead>
        <tbody>
          {(funds.data ?? []).map((f) => (
            <tr key={f._id}>
              <td>{new Date(f.createdAt).toLocaleString('en-IN')}</td>
              <td>
                {f.user?.name} {f.user?.phone}
              </td>
              <td>{f.utr ?? '-'}</td>
              <td>{f.amount}</td>
              <td>
                <Decide
                  kind="funds"
                  id={f._id}
                  who={`fund request of ${f.user?.phone ?? ''}`}
                  onDone={after}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
