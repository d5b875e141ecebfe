import { useState } from 'react';
import { messageOf, send } from './api';
import type { Person } from './market';
import { useMe } from './me';
import { PayoutBatch } from './money-batch';
import { type Approval, type Fund, FundCard, type Withdrawal } from './money-cards';
import { WithdrawalCard } from './money-withdrawal-card';
import { changeText, WaitingChangeActions } from './operator-changes';
import { useRead } from './read';
import type { Operator } from './types';
import { CardList } from './ui/card-list';
import { ConfirmButton } from './ui/confirm';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { money, playerText, whenText } from './words';
import { useWrite } from './write';

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
  const me = useMe();
  // Operator changes wait for a second owner like money does (nobody alone): listed here too.
  const operators = useRead<Operator[]>(
    me?.role === 'owner' ? 'admin/operators' : null,
    undefined,
    String(version),
  );
  const operatorWrite = useWrite();
  const waitingOperators = (operators.data ?? []).filter((o) => o.waiting);
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
      {me?.role === 'owner' ? <PayoutBatch onDone={after} /> : null}
      <div className="row-form">
        <h2>Withdrawals</h2>
        <Field label="Show">
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="pending">Waiting for you</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="cancelled">Cancelled by the player</option>
          </select>
        </Field>
      </div>
      <Status loading={withdrawals.loading} error={withdrawals.error} />
      <CardList
        label="Withdrawals"
        items={withdrawals.data}
        itemKey={(w) => w._id}
        empty={status === 'pending' ? 'No withdrawals are waiting.' : `No ${status} withdrawals.`}
      >
        {(w) => <WithdrawalCard w={w} onDone={after} />}
      </CardList>
      <h2>Wallet adjustments waiting for a second owner</h2>
      <Status loading={adjustments.loading} error={adjustments.error} />
      <ErrorLine text={failed} />
      <CardList
        label="Wallet adjustments waiting"
        items={adjustments.data}
        itemKey={(a) => a._id}
        empty="No adjustments are waiting."
      >
        {(a) => (
          <li className="item" aria-label={`Adjustment for ${playerText(a.user)}`}>
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
        )}
      </CardList>
      {me?.role === 'owner' ? (
        <>
          <h2>Operator changes waiting for a second owner</h2>
          <Notice text={operatorWrite.note} />
          <ErrorLine text={operatorWrite.error} />
          <CardList
            label="Operator changes waiting"
            items={operators.data ? waitingOperators : null}
            itemKey={(o) => o._id}
            empty="No operator changes are waiting."
          >
            {(o) =>
              o.waiting ? (
                <li className="item">
                  <h3>{changeText(o.waiting, o.username)}</h3>
                  <p className="meta">{whenText(o.waiting.requestedAt)}</p>
                  <div className="actions">
                    <WaitingChangeActions
                      change={o.waiting}
                      username={o.username}
                      meId={me._id}
                      write={async (...args) => {
                        const ok = await operatorWrite.write(...args);
                        if (ok) setVersion((v) => v + 1);
                        return ok;
                      }}
                    />
                  </div>
                </li>
              ) : null
            }
          </CardList>
        </>
      ) : null}
      <h2>Deposits waiting for approval</h2>
      <Status loading={funds.loading} error={funds.error} />
      <CardList
        label="Pending fund requests"
        items={funds.data}
        itemKey={(f) => f._id}
        empty="No deposits are waiting."
      >
        {(f) => <FundCard f={f} onDone={after} />}
      </CardList>
    </section>
  );
}
