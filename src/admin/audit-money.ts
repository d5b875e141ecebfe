import type { AuditEntry } from '../contracts/operators';
import { countText, money, payeeText, playerText } from './words';

// The audit log's sentences about money (audit-words.ts): withdrawals, a UTR given later, a bank's
// answer to a payout batch, wallet adjustments and a bank message matched to a deposit. Each names
// the amount and the player, never an id; a request that waits for a second person says so.

type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
export const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
/** The resource after the write, else before it (a request that waits may read the same). */
const either = (before: Obj, after: Obj) => (Object.keys(after).length ? after : before);

/** "₹120 to PhonePe 93021 01538 for Ravi (98765 43210)". */
const payout = (w: Obj) =>
  `${money(Number(w.amount))} to ${payeeText(str(w.method), obj(w.methodDetails))} for ${playerText(obj(w.user))}`;

/** A withdrawal approved: paid, or the first of two approvals (202). */
export function withdrawalApproved(e: AuditEntry, before: Obj, after: Obj): string {
  const w = either(before, after);
  const utr = w.payoutUtr ? ` (UTR ${str(w.payoutUtr)})` : '';
  if (e.status === 202) return `Approved ${payout(w)} first${utr} (waits for a second operator)`;
  return `Approved ${payout(w)}${utr}`;
}

export function withdrawalRejected(req: Obj, after: Obj): string {
  return `Rejected ${payout(after)} and refunded it${req.reason ? `: "${str(req.reason)}"` : ''}`;
}

/** A UTR given after the approval, or a bank's answer to a payout batch checked or applied. */
export function payoutSentence(e: AuditEntry, req: Obj, after: Obj): string {
  if (e.path.endsWith('/payout'))
    return `Added UTR ${str(req.utr ?? after.payoutUtr)} to the ${money(Number(after.amount))} paid to ${payeeText(str(after.method), obj(after.methodDetails))} for ${playerText(obj(after.user))}`;
  const n = (k: string) => Number(after[k] ?? 0);
  const problems = Array.isArray(after.problems) ? after.problems.length - n('unchanged') : 0;
  const counts = `${n('paid')} paid, ${n('failed')} failed and refunded, ${n('waiting')} waiting for a second owner, ${n('unchanged')} unchanged, ${countText(problems, 'line')} with problems`;
  return after.dryRun
    ? `Checked a bank answer without applying it: ${counts}`
    : `Applied a bank answer: ${counts}`;
}

/** A manual credit or debit: asked for (202, four eyes), or applied by the second owner. */
export function walletSentence(e: AuditEntry, req: Obj, before: Obj, after: Obj): string {
  if (e.path.includes('/wallet-adjustments/')) {
    const adj = either(before, after);
    const credit = adj.type !== 'debit';
    return `Applied the ${credit ? 'credit' : 'debit'} of ${money(Number(adj.amount ?? 0))} ${credit ? 'to' : 'from'} ${playerText(obj(adj.user))}${adj.requestedBy ? ` asked by ${str(adj.requestedBy)}` : ''}`;
  }
  const debit = req.type === 'debit';
  const verb =
    e.status === 202 ? (debit ? 'Asked to debit' : 'Asked to credit') : debit ? 'Debited' : 'Credited';
  return `${verb} ${money(Number(req.amount))} ${debit ? 'from' : 'to'} ${playerText(either(before, after))}${req.description ? `: "${str(req.description)}"` : ''}`;
}

/** "रमेश पाटिल's request of ₹1,000" (the message's `fund`, services/payments/inbox-admin.ts). */
function requestOf(fund: Obj): string {
  const user = obj(fund.user);
  const who = str(user.name) || playerText(user);
  return fund.amount === undefined ? `${who}'s request` : `${who}'s request of ${money(Number(fund.amount))}`;
}

/**
 * A bank message matched to a deposit by hand, or that match approved by an owner (four eyes).
 * @example 'Matched the ₹999 message to रमेश पाटिल's request of ₹1,000.52 (waits for an owner)'
 */
export function paymentMatchSentence(e: AuditEntry, before: Obj, after: Obj): string {
  const message = `the ${money(Number(after.amount ?? before.amount))} message`;
  if (e.route.endsWith('/approve')) {
    // Before the approval the request still asked its own amount; credited, it holds the message's.
    return `Approved the match of ${message} to ${requestOf(obj(before.fund))}: ${money(Number(after.amount ?? before.amount))} credited`;
  }
  if (e.status === 202) return `Matched ${message} to ${requestOf(obj(after.fund))} (waits for an owner)`;
  return `Matched ${message} to ${str(obj(obj(after.fund).user).name) || 'the player'}'s request and credited it`;
}
