import type { PaymentNotification } from './types';
import { money } from './words';

// How the Payments inbox words a forwarded message (payments-inbox-card.tsx): a heading that says
// what the message is, from its stored `reason` (server/services/payments/upi-messages.ts), and
// why it was ignored or left for a person, or how it found its order.

/** Why a message was ignored or left for a person, or how it found its order, in an operator's words. */
export const REASONS: Record<string, string> = {
  sender: 'Its sender is not in UPI_NOTIFY_SENDERS',
  debit: 'Money sent, not received',
  otp: 'A one-time password',
  'collect-request': 'A request to pay (collect request)',
  mandate: 'A mandate or autopay',
  failed: 'It says the payment failed or the money did not come',
  reversed: 'It says the money was reversed or returned',
  refund: 'A refund, cashback or interest',
  'bill-or-loan': 'A card bill, loan or recharge',
  promotion: 'An offer or promotion',
  balance: 'A balance alert',
  'not-payment': 'Not about a payment',
  'too-long': 'Longer than any bank message: not read',
  'on-hold': 'It says the credit is pending, on hold, under review, disputed or blocked',
  negated: 'It says "not" or "never" about the money: read it',
  'other-account': 'Money credited to someone else',
  'two-amounts': 'It names two different amounts',
  'amount-unclear': 'Its amount is not written as a bank writes one (three decimals?)',
  'no-amount': 'It names no amount',
  unclear: 'Could not be read with certainty',
  unreadable: 'Could not be read with certainty',
  'not-upi': 'Not a UPI payment (NEFT, IMPS, cash...)',
  'no-order': 'No open order asks for this exact amount',
  'several-orders': 'It could belong to more than one order',
  'amount-differs': 'The order it names asks for another amount',
  'order-already-paid': 'The order it names is already paid: a second payment?',
  'order-closed': 'The order it names was rejected or closed: decide by hand',
  'above-auto-limit': 'Above UPI_AUTO_MATCH_MAX: an operator matches it',
  'seen-before': 'The same payment arrived before',
  'already-credited': 'Its order was already credited',
  amount: 'Matched by its exact amount',
  reference: "Matched by the order's reference in its note",
  utr: 'Matched by the UTR its player sent',
  operator: 'Matched by an operator',
  matched: 'Matched',
};

/**
 * What a message is, for its heading, by the reason the server stored with it: `{amount}` stands
 * for the amount it names. A reason not here reads as money received (the matcher's reasons).
 */
const TITLES: Record<string, [withAmount: string, without: string]> = {
  debit: ['{amount} sent (not a deposit)', 'Money sent (not a deposit)'],
  otp: ['A one-time password (not a deposit)', 'A one-time password (not a deposit)'],
  'collect-request': ['A request to pay {amount} (not a deposit)', 'A request to pay (not a deposit)'],
  mandate: ['A mandate or autopay of {amount} (not a deposit)', 'A mandate or autopay (not a deposit)'],
  failed: ['A payment of {amount} that failed (not a deposit)', 'A failed payment (not a deposit)'],
  reversed: ['{amount} reversed or returned (not a deposit)', 'Money reversed or returned (not a deposit)'],
  refund: ['A refund or cashback of {amount} (not a deposit)', 'A refund or cashback (not a deposit)'],
  'bill-or-loan': [
    'A bill, loan or recharge of {amount} (not a deposit)',
    'A bill, loan or recharge (not a deposit)',
  ],
  promotion: ['An offer or promotion (not a deposit)', 'An offer or promotion (not a deposit)'],
  balance: ['A balance alert (not a deposit)', 'A balance alert (not a deposit)'],
  'not-payment': ['Not about a payment', 'Not about a payment'],
  sender: ['{amount} from an unknown sender (not read)', 'A message from an unknown sender (not read)'],
  'too-long': ['A message too long to read', 'A message too long to read'],
  'on-hold': ['{amount} on hold, not received yet', 'Money on hold, not received yet'],
  negated: ['{amount}, with "not" or "never": read it', 'A message with "not" or "never": read it'],
  'other-account': [
    '{amount} credited to someone else (not a deposit)',
    'Money credited to someone else (not a deposit)',
  ],
  'two-amounts': ['Two different amounts: read it', 'Two different amounts: read it'],
  'amount-unclear': [
    'An amount not written as a bank writes one',
    'An amount not written as a bank writes one',
  ],
  'no-amount': ['Money received? It names no amount', 'Money received? It names no amount'],
  unclear: ['{amount} received? Not read with certainty', 'Money received? Not read with certainty'],
  unreadable: ['{amount} received? Not read with certainty', 'Money received? Not read with certainty'],
  'not-upi': ['{amount} received (not UPI: match by hand)', 'Money received (not UPI)'],
};

/**
 * The heading of a message: what it is, in words.
 * @example messageTitle({reason: 'debit', amount: 250, outcome: 'ignored'}) // '₹250 sent (not a deposit)'
 * @example messageTitle({reason: 'amount', amount: 250, outcome: 'matched'}) // '₹250 received'
 */
export function messageTitle(n: Pick<PaymentNotification, 'reason' | 'amount' | 'outcome'>): string {
  const [withAmount, without] = TITLES[n.reason] ?? ['{amount} received', 'Money received, no amount read'];
  const title = n.amount === null ? without : withAmount.replace('{amount}', money(n.amount));
  return n.outcome === 'duplicate' ? `${title} again (a repeat)` : title;
}
