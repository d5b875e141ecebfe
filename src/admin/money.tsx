import { Link } from '@tanstack/react-router';
import { useContext, useState } from 'react';
import type { DeskContext } from '../contracts/desk';
import { messageOf, send } from './api';
import { ConfirmButton } from './confirm';
import { MeContext } from './me';
import { ErrorLine, Notice, type Person, Status, useRead, useWrite } from './shared';
import { flagTitle, methodName, money, payeeText, playerText, whenText } from './words';

type Desk = DeskContext | null;
type Approval = { adminId: string; username: string; at: string };
type Withdrawal = {
  _id: string;
  createdAt: string;
  decidedAt?: string | null;
  method: string;
  methodDetails?: Record<string, string | null>;
  amount: number;
  status: string;
  reason?: string | null;
  user?: Person;
  desk?: Desk;
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
  provider?: string;
  orderId?: string;
  user?: Person;
  desk?: Desk;
};

/** The player beside a request: balance, last 7 days, open flags and the last entries. */
function DeskLines({ desk }: { desk: Desk | undefined }) {
  if (!desk) return null;
  const d = desk.last7Days;
  return (
    <>
      <p>
        Balance <strong>{money(desk.balance)}</strong>
      </p>
      <p className="meta">
        Last 7 days: deposited {money(d.deposits)}, staked {money(d.staked)}, won {money(d.won)}, withdrawn{' '}
        {money(d.withdrawn)}
      </p>
      {desk.flags.length > 0 ? (
        <p>
          {desk.flags.map((f) => (
            <span key={f._id} className="tag bad">
              Risk: {flagTitle(f.kind).toLowerCase()}
            </span>
          ))}{' '}
          <Link to={'/admin/risk' as never}>See the evidence</Link>
        </p>
      ) : null}
      <details>
        <summary>Recent activity</summary>
        {desk.recent.length === 0 ? <p className="meta">No ledger entries yet.</p> : null}
        <ul className="recent">
          {desk.recent.map((e) => (
            <li key={`${e.at}-${e.description}`}>
              {whenText(e.at)}: {e.description} {e.type === 'credit' ? '+' : '-'}
              {money(e.amount)}
              {e.status !== 'completed' ? ` (${e.status})` : ''}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

const STATUS_TAG: Record<string, string> = {
  pending: '',
  approved: 'ok',
  success: 'ok',
  rejected: 'bad',
  cancelled: 'muted',
};

function WithdrawalCard({ w, onDone }: { w: Withdrawal; onDone: (text: string) => void }) {
  const write = useWrite();
  const [reason, setReason] = useState('');
  const payee = payeeText(w.method, w.methodDetails);
  const who = playerText(w.user);
  const phone = w.user?.phone ?? '';
  const decide = async (action: 'approve' | 'reject') => {
    const ok = await write.write(
      'post',
      `admin/withdrawals/${w._id}/${action}`,
      action === 'reject' ? { reason: reason.trim() } : {},
      action === 'approve' ? 'Withdrawal approved' : 'Withdrawal rejected and refunded',
    );
    // Four eyes: the first of two approvals moves nothing yet (the server answers 202).
    const first = w.needsTwoApprovals === true && (w.approvals ?? []).length === 0;
    if (ok)
      onDone(
        action === 'reject'
          ? `Withdrawal rejected and refunded: ${money(w.amount)} for ${who}`
          : first
            ? `Waiting for a second operator: your approval of ${money(w.amount)} to ${payee} for ${who} is recorded`
            : `Withdrawal approved: ${money(w.amount)} to ${payee} for ${who}`,
      );
  };
  return (
    <li className="item" aria-label={`Withdrawal of ${money(w.amount)} for ${who}`}>
      <h3>
        {money(w.amount)} to {payee}
      </h3>
      <p>
        for {who} <span className="meta">· asked {whenText(w.createdAt)}</span>{' '}
        <span className={`tag ${STATUS_TAG[w.status] ?? ''}`}>{w.status}</span>
      </p>
      {w.status !== 'pending' ? (
        <p className="meta">
          {w.status} {whenText(w.decidedAt)}
          {w.reason ? `: ${w.reason}` : ''}
        </p>
      ) : null}
      {w.status === 'pending' ? (
        <p>
          <FourEyes approvals={w.approvals ?? []} needed={w.needsTwoApprovals === true} />
        </p>
      ) : null}
      <DeskLines desk={w.desk} />
      {w.status === 'pending' ? (
        <div className="actions">
          <ConfirmButton
            label="Approve"
            ariaLabel={`Approve withdrawal of ${phone}`}
            question={`Approve ${money(w.amount)} to ${payee} for ${who}? Send the money there first: this marks it paid.`}
            yes={`Approve ${money(w.amount)}`}
            onConfirm={() => decide('approve')}
          />
          <input
            placeholder="Reason to reject (the player reads it)"
            aria-label={`Reason to reject withdrawal of ${phone}`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <ConfirmButton
            label="Reject"
            danger
            ariaLabel={`Reject withdrawal of ${phone}`}
            check={() => (reason.trim() ? null : 'Give a reason to reject')}
            question={`Reject ${money(w.amount)} to ${methodName(w.method)} for ${who} and refund it to their wallet? They will read: "${reason.trim()}"`}
            yes="Reject and refund"
            onConfirm={() => decide('reject')}
          />
        </div>
      ) : null}
      <ErrorLine text={write.error} />
    </li>
  );
}

function FundCard({ f, onDone }: { f: Fund; onDone: (text: string) => void }) {
  const write = useWrite();
  const [reason, setReason] = useState('');
  const who = playerText(f.user);
  const phone = f.user?.phone ?? '';
  const decide = async (action: 'approve' | 'reject') => {
    const ok = await write.write(
      'post',
      `admin/funds/${f._id}/${action}`,
      action === 'reject' ? { reason: reason.trim() } : {},
      '',
    );
    if (ok)
      onDone(
        action === 'approve'
          ? `Deposit approved: ${money(f.amount)} credited to ${who}`
          : `Deposit rejected: ${money(f.amount)} for ${who}`,
      );
  };
  return (
    <li className="item" aria-label={`Deposit of ${money(f.amount)} by ${who}`}>
      <h3>{money(f.amount)} deposit</h3>
      <p>
        by {who} <span className="meta">· {whenText(f.createdAt)}</span>
      </p>
      <p className="meta">
        {f.utr ? `UTR ${f.utr}` : 'No UTR yet'}
        {f.provider ? ` · ${f.provider}` : ''}
        {f.orderId ? ` · order ${f.orderId}` : ''}
      </p>
      <DeskLines desk={f.desk} />
      <div className="actions">
        <ConfirmButton
          label="Approve"
          ariaLabel={`Approve fund request of ${phone}`}
          question={`Credit ${money(f.amount)} to the wallet of ${who}${f.utr ? ` for UTR ${f.utr}` : ''}? Check the money arrived first.`}
          yes={`Credit ${money(f.amount)}`}
          onConfirm={() => decide('approve')}
        />
        <input
          placeholder="Reason to reject"
          aria-label={`Reason to reject fund request of ${phone}`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <ConfirmButton
          label="Reject"
          danger
          ariaLabel={`Reject fund request of ${phone}`}
          check={() => (reason.trim() ? null : 'Give a reason to reject')}
          question={`Reject the ${money(f.amount)} deposit of ${who}? Nothing is credited.`}
          yes="Reject"
          onConfirm={() => decide('reject')}
        />
      </div>
      <ErrorLine text={write.error} />
    </li>
  );
}

/** Money: withdrawals (pending by default, or any state) and pending fund requests, as cards. */
export function MoneyPage() {
  const [status, setStatus] = useState('pending');
  const [version, setVersion] = useState(0);
  const withdrawals = useRead<Withdrawal[]>('admin/withdrawals', { status, limit: '50' }, String(version));
  const funds = useRead<Fund[]>('admin/funds', { status: 'pending', limit: '50' }, String(version));
  const adjustments = useRead<Adjustment[]>(
    'admin/wallet-adjustments',
    { status: 'pending', limit: '50' },
    String(version),
  );
  const me = useContext(MeContext);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const after = (text: string) => {
    setDone(text);
    setVersion((v) => v + 1);
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
      <div className="row-form">
        <h2>Withdrawals</h2>
        <label>
          Show
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="pending">Waiting for you</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="cancelled">Cancelled by the player</option>
          </select>
        </label>
      </div>
      <Status loading={withdrawals.loading} error={withdrawals.error} />
      {withdrawals.data?.length === 0 ? (
        <p className="empty">
          {status === 'pending' ? 'No withdrawals are waiting.' : `No ${status} withdrawals.`}
        </p>
      ) : null}
      <ul className="item-list" aria-label="Withdrawals">
        {(withdrawals.data ?? []).map((w) => (
          <WithdrawalCard key={w._id} w={w} onDone={after} />
        ))}
      </ul>
      <h2>Wallet adjustments waiting for a second owner</h2>
      <Status loading={adjustments.loading} error={adjustments.error} />
      <ErrorLine text={failed} />
      {adjustments.data?.length === 0 ? <p className="empty">No adjustments are waiting.</p> : null}
      <ul className="item-list" aria-label="Wallet adjustments waiting">
        {(adjustments.data ?? []).map((a) => (
          <li key={a._id} className="item" aria-label={`Adjustment for ${playerText(a.user)}`}>
            <h3>
              {a.type === 'credit' ? 'Credit' : 'Debit'} {money(a.amount)}{' '}
              {a.type === 'credit' ? 'to' : 'from'} {playerText(a.user)}
            </h3>
            <p className="meta">
              {whenText(a.createdAt)} · asked by {a.requestedBy} · reason: {a.description}
            </p>
            <div className="actions">
              {me?.role === 'owner' && !a.approvals.some((x) => x.adminId === me._id) ? (
                <ConfirmButton
                  label="Apply"
                  ariaLabel={`Apply the adjustment for ${a.user.phone}`}
                  question={`${a.type === 'credit' ? 'Credit' : 'Debit'} ${money(a.amount)} ${a.type === 'credit' ? 'to' : 'from'} ${playerText(a.user)}, as ${a.requestedBy} asked? Reason: "${a.description}"`}
                  yes={`Apply ${money(a.amount)}`}
                  danger={a.type === 'debit'}
                  onConfirm={() => applyAdjustment(a)}
                />
              ) : (
                <span className="meta">Another owner applies it</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <h2>Deposits waiting for approval</h2>
      <Status loading={funds.loading} error={funds.error} />
      {funds.data?.length === 0 ? <p className="empty">No deposits are waiting.</p> : null}
      <ul className="item-list" aria-label="Pending fund requests">
        {(funds.data ?? []).map((f) => (
          <FundCard key={f._id} f={f} onDone={after} />
        ))}
      </ul>
    </section>
  );
}
