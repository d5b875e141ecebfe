import { useState } from 'react';
import { isPayoutUtr, normalizePayoutUtr, PAYOUT_UTR_MESSAGE } from '../domain/payout-utr';
import { DeskLines, FourEyes, type Withdrawal } from './money-cards';
import { ConfirmButton } from './ui/confirm';
import { ErrorLine } from './ui/status';
import { methodName, money, payeeText, playerText, statusWord, whenText } from './words';
import { useWrite } from './write';

// A withdrawal on the Money screen (money.tsx): where the money goes, the player beside it, and
// the decision. Approving records the payout's UTR when the operator has it; an approved
// withdrawal without one takes it later, once (docs/api.md "Withdrawals paid with proof").

const STATUS_TAG: Record<string, string> = {
  pending: '',
  approved: 'ok',
  rejected: 'bad',
  cancelled: 'muted',
};

/** Why a typed UTR cannot be sent, or null (empty is allowed where the UTR is optional). */
function utrProblem(typed: string, required: boolean): string | null {
  const utr = normalizePayoutUtr(typed);
  if (utr === '') return required ? 'Type the UTR of the payment' : null;
  return isPayoutUtr(utr) ? null : PAYOUT_UTR_MESSAGE;
}

/** When an approved withdrawal was paid, its UTR, or a field to add the UTR once. */
function PaidProof({ w, onDone }: { w: Withdrawal; onDone: (text: string) => void }) {
  const write = useWrite();
  const [utr, setUtr] = useState('');
  const who = playerText(w.user);
  const phone = w.user?.phone ?? '';
  if (w.payoutUtr)
    return (
      <p className="meta">
        Paid {whenText(w.paidAt)} · <strong className="utr">UTR {w.payoutUtr}</strong>
      </p>
    );
  const add = async () => {
    const ok = await write.write(
      'post',
      `admin/withdrawals/${w._id}/payout`,
      { utr: normalizePayoutUtr(utr) },
      null,
    );
    if (ok) onDone(`UTR ${normalizePayoutUtr(utr)} saved for the ${money(w.amount)} paid to ${who}`);
  };
  return (
    <>
      <p className="meta">Paid {whenText(w.paidAt)} · no UTR yet</p>
      <div className="actions utr-later">
        <input
          placeholder="UTR of the payment"
          aria-label={`UTR paid to ${phone}`}
          inputMode="text"
          autoCapitalize="characters"
          value={utr}
          onChange={(e) => setUtr(e.target.value)}
        />
        <ConfirmButton
          label="Add UTR"
          ariaLabel={`Add the UTR paid to ${phone}`}
          check={() => utrProblem(utr, true)}
          question={`Record UTR ${normalizePayoutUtr(utr)} for the ${money(w.amount)} paid to ${payeeText(w.method, w.methodDetails)} for ${who}? The player sees it, and it cannot be changed later.`}
          yes="Save UTR"
          onConfirm={add}
        />
      </div>
      <ErrorLine text={write.error} />
    </>
  );
}

export function WithdrawalCard({ w, onDone }: { w: Withdrawal; onDone: (text: string) => void }) {
  const write = useWrite();
  const [reason, setReason] = useState('');
  const [utr, setUtr] = useState('');
  const payee = payeeText(w.method, w.methodDetails);
  const who = playerText(w.user);
  const phone = w.user?.phone ?? '';
  const typed = normalizePayoutUtr(utr);
  const decide = async (action: 'approve' | 'reject') => {
    const body = action === 'reject' ? { reason: reason.trim() } : typed ? { utr: typed } : {};
    const ok = await write.write(
      'post',
      `admin/withdrawals/${w._id}/${action}`,
      body,
      action === 'approve' ? 'Withdrawal approved' : 'Withdrawal rejected and refunded',
    );
    // Four eyes: the first of two approvals moves nothing yet (the server answers 202).
    const first = w.needsTwoApprovals === true && (w.approvals ?? []).length === 0;
    const withUtr = typed || w.waitingUtr ? ` (UTR ${typed || w.waitingUtr})` : '';
    if (ok)
      onDone(
        action === 'reject'
          ? `Withdrawal rejected and refunded: ${money(w.amount)} for ${who}`
          : first
            ? `Waiting for a second operator: your approval of ${money(w.amount)} to ${payee} for ${who} is recorded${withUtr}`
            : `Withdrawal approved: ${money(w.amount)} to ${payee} for ${who}${withUtr}`,
      );
  };
  return (
    <li className="item withdrawal-card" aria-label={`Withdrawal of ${money(w.amount)} for ${who}`}>
      <h3>
        {money(w.amount)} to {payee}
      </h3>
      <p>
        for {who} <span className="meta">· asked {whenText(w.createdAt)}</span>{' '}
        <span className={`tag ${STATUS_TAG[w.status] ?? ''}`}>{statusWord(w.status)}</span>
      </p>
      {w.status === 'approved' ? <PaidProof w={w} onDone={onDone} /> : null}
      {w.status === 'rejected' || w.status === 'cancelled' ? (
        <p className="meta">
          {statusWord(w.status)} {whenText(w.decidedAt)}
          {w.reason ? `: ${w.reason}` : ''}
        </p>
      ) : null}
      {w.status === 'pending' ? (
        <p>
          <FourEyes approvals={w.approvals ?? []} needed={w.needsTwoApprovals === true} />
          {w.waitingUtr ? <strong className="utr"> The bank paid it: UTR {w.waitingUtr}</strong> : null}
        </p>
      ) : null}
      <DeskLines desk={w.desk} />
      {w.status === 'pending' ? (
        <div className="actions">
          {w.waitingUtr ? null : (
            <input
              placeholder="UTR (optional)"
              aria-label={`UTR of the payment to ${phone}`}
              autoCapitalize="characters"
              value={utr}
              onChange={(e) => setUtr(e.target.value)}
            />
          )}
          <ConfirmButton
            label="Approve"
            ariaLabel={`Approve withdrawal of ${phone}`}
            check={() => utrProblem(utr, false)}
            question={`Approve ${money(w.amount)} to ${payee} for ${who}${typed || w.waitingUtr ? ` with UTR ${typed || w.waitingUtr}` : ' without a UTR (add it later)'}? Send the money there first: this marks it paid.`}
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
