import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { DeskContext, FundRequest, Withdrawal as WithdrawalAnswer } from './types';
import { ConfirmButton } from './ui/confirm';
import { ErrorLine } from './ui/status';
import { flagTitle, money, pauseText, playerText, signedMoney, statusWord, whenText } from './words';
import { useWrite } from './write';

// The Money screen's cards (money.tsx): a withdrawal or a deposit waiting for a decision, with
// where the money goes, the player beside it (balance, last days, flags) and the four-eyes state.

type Desk = DeskContext | null;
export type Approval = { adminId: string; username: string; at: string };
/**
 * GET /admin/withdrawals: the player's withdrawal (src/contracts) with what the desk adds. The
 * route declares no schema for its additions, so they are written out here.
 */
export type Withdrawal = WithdrawalAnswer & {
  methodDetails?: Record<string, string | null>;
  desk?: Desk;
  /** Four eyes: above FOUR_EYES_ABOVE two operators approve; `approvals` says who did already. */
  needsTwoApprovals?: boolean;
  approvals?: Approval[];
  /** The UTR the first of two approvals named: the bank has paid it (issue 48). */
  waitingUtr?: string | null;
};

/** Who approved a four-eyes item first, and that it waits for a second operator. */
export function FourEyes({ approvals, needed }: { approvals: Approval[]; needed: boolean }) {
  if (!needed) return null;
  if (approvals.length === 0) return <span className="muted">Needs two operators</span>;
  return (
    <span className="four-eyes">
      Approved by {approvals.map((a) => a.username).join(', ')}: waits for a second operator
    </span>
  );
}
/** GET /admin/funds: the fund request (src/contracts) with the player at the desk beside it. */
export type Fund = FundRequest & { desk?: Desk };

/** The player beside a request: balance, last 7 days, open flags and the last entries. */
export function DeskLines({ desk }: { desk: Desk | undefined }) {
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
              {whenText(e.at)}: {e.description} {signedMoney(e.amount, e.type)}
              {e.status !== 'completed' ? ` (${statusWord(e.status).toLowerCase()})` : ''}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

/** The payment gateway an order went through, by name. */
const PROVIDERS: Record<string, string> = { upi: 'UPI', cashfree: 'Cashfree', sandbox: 'Test gateway' };

const PERIOD_WORDS = {
  depositDay: ['Daily', 'today'],
  depositWeek: ['Weekly', 'this week'],
  depositMonth: ['Monthly', 'this month'],
} as const;

/**
 * What the player set for themselves that a credit would go against: a time-out or
 * self-exclusion in force, and each deposit limit this deposit would pass (money received in the
 * period plus this amount). Empty when nothing stands in the way.
 */
export function depositWarnings(f: Fund): string[] {
  const d = f.desk;
  const out: string[] = [];
  if (d?.pause) out.push(`${pauseText(d.pause)} by their own choice.`);
  for (const l of d?.depositLimits ?? []) {
    const after = l.received + f.amount;
    if (after <= l.limit) continue;
    const [name, period] = PERIOD_WORDS[l.field];
    out.push(
      `${name} deposit limit ${money(l.limit)}: ${money(l.received)} received ${period}; crediting this makes ${money(after)}.`,
    );
  }
  return out;
}

export function FundCard({ f, onDone }: { f: Fund; onDone: (text: string) => void }) {
  const write = useWrite();
  const [reason, setReason] = useState('');
  const who = playerText(f.user);
  const phone = f.user?.phone ?? '';
  const warnings = depositWarnings(f);
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
        {f.provider ? ` · ${PROVIDERS[f.provider] ?? f.provider}` : ''}
        {f.orderId ? ` · order ${f.orderId}` : ''}
      </p>
      {warnings.length > 0 ? (
        <div className="warning" role="note" aria-label={`Before crediting ${who}`}>
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </div>
      ) : null}
      <DeskLines desk={f.desk} />
      <div className="actions">
        <ConfirmButton
          label="Approve"
          ariaLabel={`Approve fund request of ${phone}`}
          question={`Credit ${money(f.amount)} to the wallet of ${who}${f.utr ? ` for UTR ${f.utr}` : ''}? ${warnings.length ? `Mind: ${warnings.join(' ')} Money they paid is theirs: credit it, or reject it and return it to them. ` : ''}Check the money arrived first.`}
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
