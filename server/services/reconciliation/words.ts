import { formatRupees } from '../../../src/domain/money';
import type { PayoutLineRow, PayoutRow } from '../../db/repositories/payout-reconciliation';
import type { CreditRow, LineRow, UncreditedRow } from '../../db/repositories/reconciliation';
import type { BalanceBreak } from '../bank-statements/parse';

// What each exception says, in words an operator reads on a phone (the console shows `detail` as
// the card's text; the watchdog and its alert repeat it). Amounts are rupees: a bank statement's.

const rupees = (paise: number) => formatRupees(paise / 100);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-28' -> '28 Nov'. */
export function dayText(day: string): string {
  const [, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}`;
}

/** An instant as '28 Nov, 3:10 PM' in the market's zone. */
export function whenText(at: Date, tz: string): string {
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return `${dayText(day.format(at))}, ${time.format(at)}`;
}

const phone = (p: string | null) => (p && /^\d{10}$/.test(p) ? `${p.slice(0, 5)} ${p.slice(5)}` : (p ?? ''));
export const playerText = (name: string | null, p: string | null) =>
  name ? (p ? `${name} (${phone(p)})` : name) : phone(p) || 'a player';

/** How a credit was made: a message by itself, an operator's match of one, or the player's UTR. */
function creditedBy(c: CreditRow, tz: string): string {
  const when = whenText(new Date(c.paid_at), tz);
  if (c.notification_id && !c.matched_by) return `by a bank message on ${when}`;
  if (c.notification_id) return `by an operator's match of a bank message of ${when}`;
  return `on the UTR the player typed on ${when}`;
}

/** '₹1,000.52 credited to Rahul (98765 43210) by a bank message on 28 Nov, 3:10 PM: no statement shows UTR 433212345678'. */
export function missingText(c: CreditRow, tz: string): string {
  const head = `${rupees(c.amount_paise)} credited to ${playerText(c.player_name, c.player_phone)} ${creditedBy(c, tz)}`;
  return c.utr
    ? `${head}: no statement shows UTR ${c.utr}, though the statements cover that day and the next`
    : `${head} without a UTR: no statement can confirm it. Find ${rupees(c.amount_paise)} on the statement of ${dayText(c.day)} yourself`;
}

export function mismatchText(c: CreditRow & LineRow, tz: string): string {
  return `UTR ${c.utr}: the ${c.bank} statement of ${dayText(c.txn_date)} shows ${rupees(c.line_paise)} received, but ${rupees(c.amount_paise)} was credited to ${playerText(c.player_name, c.player_phone)} ${creditedBy(c, tz)}`;
}

export function uncreditedText(r: UncreditedRow): string {
  const head = `${rupees(r.line_paise)} received on ${dayText(r.txn_date)} (${r.bank}: "${r.narration.slice(0, 80)}")`;
  if (r.payout_id)
    return `${head} with UTR ${r.utr}, the UTR of the ${rupees(Number(r.payout_paise))} withdrawal paid to ${playerText(r.payout_name, r.payout_phone)}: the payout may have come back to the account, and the player may not have the money`;
  const utr = r.utr ? `with UTR ${r.utr}` : 'without a readable UTR';
  const waiting = r.fund_id
    ? `: ${playerText(r.player_name, r.player_phone)} typed this UTR on a request that still waits`
    : r.notification_id
      ? ': its bank message waits unmatched in the Payments inbox'
      : '';
  return `${head} ${utr}, but no fund request was credited with it: a player may have paid and be waiting${waiting}`;
}

export function breakText(bank: string, b: BalanceBreak): string {
  const { line, previous } = b;
  return `${bank} statement line ${line.line} (${dayText(line.date)}, "${line.narration.slice(0, 60)}"): balance ${rupees(line.balancePaise ?? 0)}, but ${rupees(previous.balancePaise ?? 0)} before it${line.creditPaise ? ` + ${rupees(line.creditPaise)} received` : ''}${line.debitPaise ? ` − ${rupees(line.debitPaise)} paid` : ''} makes ${rupees(b.expectedPaise)}: the statement may have been edited`;
}

/** '₹2,000 paid to Rahul (98765 43210) on 28 Nov, 3:10 PM with UTR 433212345678: no statement shows this debit, ...'. */
export function payoutMissingText(p: PayoutRow, tz: string): string {
  return `${rupees(p.amount_paise)} paid to ${playerText(p.player_name, p.player_phone)} on ${whenText(new Date(p.paid_at), tz)} with UTR ${p.utr}: no statement shows this debit, though the statements cover that day and the next`;
}

export function payoutMismatchText(p: PayoutRow & PayoutLineRow, tz: string): string {
  return `UTR ${p.utr}: the ${p.bank} statement of ${dayText(p.txn_date)} shows ${rupees(p.line_paise)} paid out, but the withdrawal paid to ${playerText(p.player_name, p.player_phone)} with it on ${whenText(new Date(p.paid_at), tz)} is ${rupees(p.amount_paise)}`;
}
