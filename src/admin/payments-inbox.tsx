import { useState } from 'react';
import { MessageCard } from './payments-inbox-card';
import { useRead } from './read';
import type { ForwarderHealth, FundRequest, PaymentNotification } from './types';
import { CardList } from './ui/card-list';
import { Field } from './ui/field';
import { Notice, Status } from './ui/status';
import { whenText } from './words';

type Show = 'all' | PaymentNotification['outcome'];

/**
 * Payments inbox: the messages the payee's phone forwarded (automatic UPI deposits), the
 * unmatched ones first with a match-to-request action (confirmed, audited, credited once; four
 * eyes: payments-inbox-card.tsx), and a warning when the forwarder has gone quiet while orders
 * wait for a payment.
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
