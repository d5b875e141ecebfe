import { formatRupees, paiseToPoints } from '../../../src/domain/money';
import { formatDayTime } from '../../../src/domain/responsible-play';
import type { WithdrawalRow } from '../../db/repositories/withdrawals';
import type { PushMessage } from '../push/queue';

// The pushes a withdrawal's player gets when it is decided or its UTR arrives later. Each text is
// an English template of the server catalogue (server/i18n/catalogue.ts), so the push queue puts it
// in the player's saved language; the time reads as the market zone's wall clock
// ('28 Nov, 03:10 PM', the month translated), amounts (in rupees: withdrawals exist only in money
// mode) and UTRs stay digits.

const link = '/withdrawal';

/**
 * Approved: when it was paid and, when known, the payout's UTR, which the player's bank can find.
 * @example paidPush(w, 'Asia/Kolkata').body // 'Your withdrawal of ₹500 was paid on 28 Nov, 03:10 PM, UTR 433212345678'
 */
export function paidPush(w: WithdrawalRow, tz: string): PushMessage {
  const amount = formatRupees(paiseToPoints(w.amount_paise));
  const when = formatDayTime(w.paid_at ?? w.created_at, tz);
  return {
    userId: w.user_id,
    title: 'Withdrawal paid',
    body: w.payout_utr
      ? `Your withdrawal of ${amount} was paid on ${when}, UTR ${w.payout_utr}`
      : `Your withdrawal of ${amount} was paid on ${when}.`,
    link,
    topic: 'funds',
    dedupeKey: `withdrawal:${w.id}`,
  };
}

/** The UTR of a withdrawal paid earlier, given later by an operator (once). */
export function laterUtrPush(w: WithdrawalRow, tz: string): PushMessage {
  const amount = formatRupees(paiseToPoints(w.amount_paise));
  return {
    userId: w.user_id,
    title: 'UTR of your withdrawal',
    body: `Your withdrawal of ${amount} paid on ${formatDayTime(w.paid_at ?? w.created_at, tz)}: UTR ${w.payout_utr}`,
    link,
    topic: 'funds',
    dedupeKey: `withdrawal-utr:${w.id}`,
  };
}

/** Rejected (with the operator's reason) or failed at the bank; refunded either way. */
export function rejectedPush(w: WithdrawalRow, bankFailed: boolean): PushMessage {
  const amount = formatRupees(paiseToPoints(w.amount_paise));
  const refunded = `Your withdrawal of ${amount} was rejected and refunded to your wallet.`;
  return {
    userId: w.user_id,
    title: bankFailed ? 'Withdrawal failed at the bank' : 'Withdrawal rejected',
    body: bankFailed
      ? `Your withdrawal of ${amount} could not be paid by the bank and was refunded to your wallet.`
      : w.note
        ? `${refunded} Reason: ${w.note}`
        : refunded,
    link,
    topic: 'funds',
    dedupeKey: `withdrawal:${w.id}`,
  };
}
