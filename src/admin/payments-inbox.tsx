import { useState } from 'react';
import { useRead } from './read';
import type { ForwarderHealth, FundRequest, PaymentNotification } from './types';
import { CardList } from './ui/card-list';
import { ConfirmButton } from './ui/confirm';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { money, phoneText, playerText, whenText } from './words';
import { useWrite } from './write';

/** Why a message was ignored or left for a person, in an operator's words. */
const REASONS: Record<string, string> = {
  sender: 'Its sender is not in UPI_NOTIFY_SENDERS',
  debit: 'Money sent, not received',
  otp: 'A one-time password',
  'collect-request': 'A request to pay (collect request)',
  mandate: 'A mandate or autopay',
  failed: 'A failed or reversed payment',
  refund: 'A refund, cashback or interest',
  'bill-or-loan': 'A card bill, loan or recharge',
  promotion: 'An offer or promotion',
  balance: 'A balance alert',
  'not-payment': 'Not about a payment',
  unreadable: 'Could not be read with certainty',
  'not-upi': 'Not a UPI payment (NEFT, IMPS, cash...)',
  'no-order': 'No open order asks for this exact amount',
  'several-orders': 'It could belong to more than one order',
  'amount-differs': 'The order it names asks for another amount',
  'order-already-paid': 'The order it names is already paid: a second payment?',
  'order-closed': 'The order it names was closed by an operator',
  'seen-before': 'The same payment arrived before',
  'already-credited': 'Its order was already credited',
  operator: 'Matched by an operator',
};

const OUTCOME_TAG: Record<PaymentNotification['outcome'], [string, string]> = {
  matched: ['Matched', 'tag ok'],
  unmatched: ['Unmatched', 'tag'],
  duplicate: ['Duplicate', 'tag muted'],
  ignored: ['Ignored', 'tag muted'],
};

const fundLabel = (f: FundRequest) =>
  `${money(f.amount)} · ${playerText(f.user)} · ${whenText(f.createdAt)}${f.utr ? ` · UTR ${f.utr}` : ''}`;

/**
 * The requests a message could pay, most likely first: the order it names, then those asking
 * for exactly its amount, then the other pending ones; closed ones (cancelled or expired, never
 * paid) after them, for a payment that came late.
 */
function candidates(n: PaymentNotification, pending: FundRequest[], closed: FundRequest[]) {
  const rank = (f: FundRequest) => (f.orderId && f.orderId === n.orderId ? 0 : f.amount === n.amount ? 1 : 2);
  return {
    pending: [...pending].sort((a, b) => rank(a) - rank(b)),
    closed: closed.filter((f) => f.orderId === n.orderId || f.amount === n.amount),
  };
}

function MessageCard(props: {
  n: PaymentNotification;
  pending: FundRequest[] | null;
  closed: FundRequest[] | null;
  onDone: (text: string) => void;
}) {
  const { n } = props;
  const w = useWrite();
  const [fundId, setFundId] = useState('');
  const [label, tagClass] = OUTCOME_TAG[n.outcome];
  const title = n.amount === null ? 'No amount' : `${money(n.amount)} received`;
  const matchable = n.outcome === 'unmatched' && n.amount !== null && props.pending !== null;
  const options = matchable ? candidates(n, props.pending ?? [], props.closed ?? []) : null;
  const chosen = [...(props.pending ?? []), ...(props.closed ?? [])].find((f) => f._id === fundId);
  const match = async () => {
    const ok = await w.write('post', `admin/payment-notifications/${n._id}/match`, { fundId }, '');
    if (ok && chosen) props.onDone(`Matched: ${money(n.amount)} credited to ${playerText(chosen.user)}`);
  };
  return (
    <li className="item inbox-item" aria-label={`${title}, ${label}`}>
      <h3>
        {title} <span className={tagClass}>{label}</span>
      </h3>
      <p className="inbox-text">{n.text}</p>
      <p className="meta">
        {n.from ? `From ${phoneText(n.from)}` : 'Sender unknown'} · {whenText(n.receivedAt)}
        {n.utr ? ` · UTR ${n.utr}` : ''}
        {n.orderId ? ` · order ${n.orderId}` : ''}
      </p>
      {n.reason ? <p className="meta">{REASONS[n.reason] ?? n.reason}</p> : null}
      {n.matchedAt ? <p className="meta">Matched by an operator {whenText(n.matchedAt)}</p> : null}
      {options ? (
        <div className="actions">
          <select
            aria-label={`Fund request paid by the message of ${money(n.amount)}`}
            value={fundId}
            onChange={(e) => setFundId(e.target.value)}
          >
            <option value="">Choose the request it pays…</option>
            {options.pending.length ? (
              <optgroup label="Pending requests">
                {options.pending.map((f) => (
                  <option key={f._id} value={f._id}>
                    {fundLabel(f)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {options.closed.length ? (
              <optgroup label="Closed without payment (cancelled or expired)">
                {options.closed.map((f) => (
                  <option key={f._id} value={f._id}>
                    {fundLabel(f)}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
          <ConfirmButton
            label="Match and credit"
            check={() => (chosen ? null : 'Choose the request this message pays')}
            question={
              chosen
                ? `Credit ${money(n.amount)} (what this message says was received) to ${playerText(chosen.user)} for their request of ${money(chosen.amount)}${n.utr ? `, with UTR ${n.utr}` : ''}? This cannot be undone.`
                : ''
            }
            yes={`Credit ${money(n.amount)}`}
            onConfirm={() => match()}
          />
        </div>
      ) : null}
      <ErrorLine text={w.error} />
    </li>
  );
}

type Show = 'all' | PaymentNotification['outcome'];

/**
 * Payments inbox: the messages the payee's phone forwarded (automatic UPI deposits), the
 * unmatched ones first with a match-to-request action (confirmed, audited, credited once), and a
 * warning when the forwarder has gone quiet while orders wait for a payment.
 */
export function PaymentsInboxPage() {
  const [show, setShow] = useState<Show>('all');
  const [done, setDone] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const key = String(version);
  const health = useRead<ForwarderHealth>('admin/payment-notifications/health', undefined, key);
  const unmatched = useRead<PaymentNotification[]>(
    'admin/payment-notifications',
    { outcome: 'unmatched', limit: '50' },
    key,
  );
  const others = useRead<PaymentNotification[]>(
    'admin/payment-notifications',
    show === 'all' ? { limit: '50' } : { outcome: show, limit: '50' },
    key,
  );
  const pending = useRead<FundRequest[]>('admin/funds', { status: 'pending', limit: '100' }, key);
  const closed = useRead<FundRequest[]>('admin/funds', { status: 'rejected', limit: '50' }, key);
  const onDone = (text: string) => {
    setDone(text);
    setVersion((v) => v + 1);
  };
  const h = health.data;
  return (
    <section>
      <h1>Payments inbox</h1>
      <p className="muted">
        Bank messages the payee's phone forwards. A UPI credit of an order's exact amount (or naming its
        reference or UTR) credits it by itself; the rest wait here for you.
      </p>
      {h?.quiet ? (
        <p role="alert" className="warning">
          The forwarder has gone quiet: {h.openOrders} {h.openOrders === 1 ? 'order waits' : 'orders wait'}{' '}
          for a payment and nothing has arrived{' '}
          {h.lastReceivedAt ? `since ${whenText(h.lastReceivedAt)}` : 'yet'}. Check the payee's phone:
          switched on, online, and the forwarder app running.
        </p>
      ) : null}
      {h && !h.quiet ? (
        <p className="meta">
          Last message {h.lastReceivedAt ? whenText(h.lastReceivedAt) : 'never'} ·{' '}
          {h.openOrders === 1 ? '1 order waits' : `${h.openOrders} orders wait`} for a payment
        </p>
      ) : null}
      <Notice text={done} />
      <h2>Waiting for you</h2>
      <Status loading={unmatched.loading} error={unmatched.error} />
      <CardList
        label="Unmatched messages"
        items={unmatched.data}
        itemKey={(n) => n._id}
        empty="Nothing waits: every payment message found its order."
      >
        {(n) => <MessageCard n={n} pending={pending.data} closed={closed.data} onDone={onDone} />}
      </CardList>
      <h2>All messages</h2>
      <Field label="Show">
        <select value={show} onChange={(e) => setShow(e.target.value as Show)}>
          <option value="all">All, newest first</option>
          <option value="matched">Matched</option>
          <option value="unmatched">Unmatched</option>
          <option value="duplicate">Duplicates</option>
          <option value="ignored">Ignored</option>
        </select>
      </Field>
      <Status loading={others.loading} error={others.error} />
      <CardList label="Payment messages" items={others.data} itemKey={(n) => n._id} empty="No messages yet.">
        {(n) => <MessageCard n={n} pending={null} closed={null} onDone={onDone} />}
      </CardList>
    </section>
  );
}
