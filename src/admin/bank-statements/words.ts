import type { ReconciliationException } from '../types';
import { whenText } from '../words';

// How the Bank statements screen names each kind of exception (a deposit's or a paid withdrawal's),
// and what the operator does about it.

export const KIND_TITLE: Record<ReconciliationException['kind'], string> = {
  'credited-not-in-statement': 'Credited, but not in the bank statement',
  'amount-mismatch': 'Amount differs from the bank',
  'statement-credit-uncredited': 'Paid at the bank, not credited',
  'balance-break': 'Statement balance does not add up',
  'payout-not-in-statement': 'Paid out, but not in the bank statement',
};

export const KIND_ADVICE: Record<ReconciliationException['kind'], string> = {
  'credited-not-in-statement':
    'Look for this UTR in the bank app. If the money never came, the message was forged or misread: take the amount back with a wallet debit (a second owner approves it) and block the player if it was on purpose.',
  'amount-mismatch':
    'Check the amount in the bank app, then credit or debit the difference with a wallet adjustment.',
  'statement-credit-uncredited':
    'Someone paid and may be waiting: find their request (Payments inbox, Money) and credit it. This closes by itself once a request is credited with the UTR. A payment that is not a player’s: resolve it with a note.',
  'balance-break':
    'Download the statement from net banking again and upload it as it comes. If the balances still do not add up, ask the bank.',
  'payout-not-in-statement':
    'Look for this UTR in the bank app. Paid under another UTR (a mistyped one): resolve with a note naming the right one. Not paid at all: the player is still waiting for the money; pay now and resolve with the new UTR in the note. If a later statement shows it, this closes by itself.',
};

/** What to do about a paid withdrawal's payment the bank shows with another amount. */
const PAYOUT_MISMATCH_ADVICE =
  'Check the payment in the bank app. Paid less: pay the player the rest. Paid more: ask the player to return the difference, or take it back with a wallet debit. Resolve with a note.';

/** What to do about a credit under a paid withdrawal's UTR: its payout came back. */
const PAYOUT_REVERSED_ADVICE =
  'Check in the bank app whether this payout was returned. If it was, the player has not been paid: pay the withdrawal again and resolve with the new UTR in the note.';

/** What the operator does about one exception (one about a paid withdrawal has its own advice). */
export function adviceFor(e: ReconciliationException): string {
  if (e.withdrawalId && e.kind === 'amount-mismatch') return PAYOUT_MISMATCH_ADVICE;
  if (e.withdrawalId && e.kind === 'statement-credit-uncredited') return PAYOUT_REVERSED_ADVICE;
  return KIND_ADVICE[e.kind];
}

/** How a closed exception was closed, in words. */
export function closedText(e: ReconciliationException): string {
  const when = e.resolvedAt ? whenText(e.resolvedAt) : '';
  if (e.closedBy === 'statement')
    return `Closed by itself ${when}: a later statement shows this ${e.withdrawalId ? 'payout' : 'credit'}`;
  if (e.closedBy === 'credit') return `Closed by itself ${when}: a request was credited with this UTR`;
  return `Resolved by ${e.resolvedBy ?? 'an owner'} ${when}`;
}
