import type { ReconciliationException } from '../types';
import { whenText } from '../words';

// How the Bank statements screen names each kind of exception, and what the operator does about it.

export const KIND_TITLE: Record<ReconciliationException['kind'], string> = {
  'credited-not-in-statement': 'Credited, but not in the bank statement',
  'amount-mismatch': 'Amount differs from the bank',
  'statement-credit-uncredited': 'Paid at the bank, not credited',
  'balance-break': 'Statement balance does not add up',
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
};

/** How a closed exception was closed, in words. */
export function closedText(e: ReconciliationException): string {
  const when = e.resolvedAt ? whenText(e.resolvedAt) : '';
  if (e.closedBy === 'statement') return `Closed by itself ${when}: a later statement shows this credit`;
  if (e.closedBy === 'credit') return `Closed by itself ${when}: a request was credited with this UTR`;
  return `Resolved by ${e.resolvedBy ?? 'an owner'} ${when}`;
}
