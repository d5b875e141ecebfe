import { useState } from 'react';
import { useMe } from './me';
import { messageTitle, REASONS } from './payments-inbox-words';
import type { FundRequest, PaymentNotification } from './types';
import { ConfirmButton } from './ui/confirm';
import { ErrorLine } from './ui/status';
import { money, phoneText, playerText, whenText } from './words';
import { useWrite } from './write';

// One message of the Payments inbox (payments-inbox.tsx): its text, why it is where it is, and
// for an unmatched one the match to a fund request (four eyes: an owner's match of the order's
// exact pay amount credits at once, any other waits for another owner's Approve).

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

/** A match that waits for another owner: who asked, for which request, and Approve for the others. */
function WaitingMatch(props: {
  n: PaymentNotification;
  fund: FundRequest | undefined;
  onDone: (t: string) => void;
}) {
  const { n, fund } = props;
  const me = useMe();
  const w = useWrite();
  const waiting = n.waitingMatch;
  if (!waiting) return null;
  const to = fund ? `${playerText(fund.user)}, request of ${money(fund.amount)}` : 'the chosen request';
  const mayApprove = me?.role === 'owner' && me._id !== waiting.requestedBy;
  const approve = async () => {
    if (await w.write('post', `admin/payment-notifications/${n._id}/approve`, {}, '')) {
      props.onDone(`Matched: ${money(n.amount)} credited to ${fund ? playerText(fund.user) : 'the request'}`);
    }
  };
  return (
    <>
      <p className="four-eyes">
        {mayApprove ? 'Approve it if the money is in the bank' : 'Waiting for another owner'}: credit{' '}
        {money(n.amount)} to {to}. Asked by {waiting.requestedByName || 'an operator'},{' '}
        {whenText(waiting.requestedAt)}.
      </p>
      {mayApprove ? (
        <div className="actions">
          <ConfirmButton
            label="Approve"
            question={`Credit ${money(n.amount)} (what this message says was received) to ${to}? This cannot be undone.`}
            yes={`Approve and credit ${money(n.amount)}`}
            onConfirm={() => approve()}
          />
        </div>
      ) : null}
      <ErrorLine text={w.error} />
    </>
  );
}

export function MessageCard(props: {
  n: PaymentNotification;
  pending: FundRequest[] | null;
  closed: FundRequest[] | null;
  onDone: (text: string) => void;
}) {
  const { n } = props;
  const me = useMe();
  const w = useWrite();
  const [fundId, setFundId] = useState('');
  const [label, tagClass] = OUTCOME_TAG[n.outcome];
  const title = messageTitle(n);
  const matchable = n.outcome === 'unmatched' && n.amount !== null && props.pending !== null;
  const options = matchable ? candidates(n, props.pending ?? [], props.closed ?? []) : null;
  const known = [...(props.pending ?? []), ...(props.closed ?? [])];
  const chosen = known.find((f) => f._id === fundId);
  // The server decides; this only says beforehand what it will do (docs/upi-auto-match.md).
  const atOnce = me?.role === 'owner' && chosen?.orderId != null && chosen.amount === n.amount;
  const match = async () => {
    const ok = await w.write('post', `admin/payment-notifications/${n._id}/match`, { fundId }, '');
    if (!ok || !chosen) return;
    props.onDone(
      atOnce
        ? `Matched: ${money(n.amount)} credited to ${playerText(chosen.user)}`
        : `Asked: crediting ${money(n.amount)} to ${playerText(chosen.user)} waits for another owner's approval`,
    );
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
      <p className="meta">{REASONS[n.reason] ?? n.reason}</p>
      {n.matchedAt ? <p className="meta">Matched by an operator {whenText(n.matchedAt)}</p> : null}
      {n.outcome === 'unmatched' ? (
        <WaitingMatch
          n={n}
          fund={known.find((f) => f._id === n.waitingMatch?.fundId)}
          onDone={props.onDone}
        />
      ) : null}
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
            label={n.waitingMatch ? 'Match again' : 'Match and credit'}
            check={() => (chosen ? null : 'Choose the request this message pays')}
            question={
              !chosen
                ? ''
                : atOnce
                  ? `Credit ${money(n.amount)} (what this message says was received) to ${playerText(chosen.user)} for their request of ${money(chosen.amount)}${n.utr ? `, with UTR ${n.utr}` : ''}? This cannot be undone.`
                  : `Ask another owner to approve crediting ${money(n.amount)} (what this message says was received) to ${playerText(chosen.user)} for their request of ${money(chosen.amount)}? ${me?.role === 'owner' ? 'The amounts differ, so' : 'A match by staff'} waits for an owner's approval.`
            }
            yes={atOnce ? `Credit ${money(n.amount)}` : 'Ask for approval'}
            onConfirm={() => match()}
          />
        </div>
      ) : null}
      <ErrorLine text={w.error} />
    </li>
  );
}
