import {
  amountsOf,
  normalizeMessage,
  referencesOf,
  saysUpi,
  utrOf,
  withAmountsMarked,
} from './upi-message-text';
import {
  BOILERPLATE,
  CREDIT_WORD,
  DEBIT,
  FAILED,
  NEGATED,
  ON_HOLD,
  OTHER_ACCOUNT,
  OTHER_RAIL,
  OWN_CREDIT,
  REVERSED,
  TO_YOU,
} from './upi-message-words';

export { isReference, MAX_MESSAGE_CHARS, REFERENCE_ALPHABET, toPaise } from './upi-message-text';

/**
 * Reads a bank's SMS or a UPI app's notification forwarded from the payee's phone: is it money
 * received into the payee's own account, completed, how much, and which UPI transaction (the
 * 12-digit UTR / RRN) it names. Pure: no I/O, no clock. A credit is recognised positively, never
 * by the absence of a debit: anything that also says the money failed, did not come, is pending,
 * held, reviewed, disputed, blocked, reversed or returned, went to someone else, names two amounts
 * or an amount no bank writes, is not a credit (docs/upi-auto-match.md "What the parser refuses").
 * When in doubt it is `unclear` (an operator decides); what is surely not money received is
 * `ignored`. tests/fixtures/upi-messages.json is the table it is held to.
 */

export type IgnoredReason =
  | 'otp'
  | 'collect-request'
  | 'mandate'
  | 'failed'
  | 'reversed'
  | 'refund'
  | 'bill-or-loan'
  | 'promotion'
  | 'debit'
  | 'balance'
  | 'not-payment';

export type UnclearReason =
  | 'too-long'
  | 'on-hold'
  | 'negated'
  | 'other-account'
  | 'two-amounts'
  | 'amount-unclear'
  | 'no-amount'
  | 'unclear';

export type BankMessage =
  /** Money received: `upi` false for a NEFT/IMPS/cash credit, which only an operator may match. */
  | {
      kind: 'credit';
      amountPaise: number;
      utr: string | null;
      upi: boolean;
      /** Our order references (upiReference) the text carries, upper case. */
      references: string[];
    }
  /** Talks about money but reads as nothing certain: kept for an operator, with why. */
  | { kind: 'unclear'; reason: UnclearReason; amountPaise: number | null; utr: string | null }
  | { kind: 'ignored'; reason: IgnoredReason; amountPaise: number | null; utr: string | null };

/** Phrases that only warn against sharing a code; they are not an OTP themselves. */
const SHARE_WARNING =
  /\b(?:never|do not|don't|dont|not to|pls don't|please do not) (?:ever )?share (?:your |the |this |any )?(?:otp|pin|cvv|password|card details)(?: ?\/ ?(?:otp|pin|cvv|password)){0,4}/g;
const OTP_WORD =
  /\b(?:otp|one[ -]?time[ -]?pass(?:word|code)|verification code|auth(?:entication)? code|secret code)\b|ओटीपी/g;
/** A 4-8 digit code standing alone (not part of an amount, a date, a time or a longer number). */
const CODE = /(?<!\d|\d[.,/:-])\d{4,8}(?!\d|[.,/:-]\d)/g;

/** What is surely not money received, whatever else it says, tried in this order. */
const NOT_RECEIVED: [IgnoredReason, RegExp][] = [
  [
    'collect-request',
    /\b(?:collect request|requested (?:money|payment|¤)|has requested|is requesting|requests? (?:you )?(?:to pay|for ¤|of ¤)|payment request|money request|approve (?:the |this )?(?:request|payment)|on approving|pay request)\b/,
  ],
  ['mandate', /\b(?:e-?mandate|mandate|autopay|auto-pay|auto pay|standing instruction|recurring payment)\b/],
  ['failed', FAILED],
  ['reversed', REVERSED],
  ['refund', /\b(?:refund(?:ed)?|cash ?back|reward|interest|dividend)\b|रिफंड|कैशबैक|ब्याज/],
  [
    'promotion',
    /\b(?:offer|offers|win|won|winner|congratulations|congrats|lucky|claim|voucher|coupon|upto|discount|apply now|pre-?approved|t&c|t&cs|tnc|limited period|hurry|click here|shop now|download now)\b/,
  ],
  [
    'bill-or-loan',
    /\b(?:credit card|card ending|card no|towards your (?:card|loan|emi|bill|policy)|emi|loan|premium|bill payment|recharge|electricity bill|insurance)\b/,
  ],
];

/** An OTP word within 45 characters of a standing 4-8 digit code (both lists are in text order). */
function isOtp(lower: string): boolean {
  const text = lower.replace(SHARE_WARNING, ' ');
  const words = [...text.matchAll(OTP_WORD)].map((m) => m.index);
  if (words.length === 0) return false;
  const codes = [...text.matchAll(CODE)].map((m) => m.index);
  let c = 0;
  for (const w of words) {
    while (c < codes.length && (codes[c] as number) < w - 45) c++;
    if (c < codes.length && Math.abs((codes[c] as number) - w) <= 45) return true;
  }
  return false;
}

/**
 * Reads one forwarded message. `from` is the sender as the phone shows it (a bank's sender id such
 * as "AD-HDFCBK", a number, an app's name), used only to tell a UPI app's notification.
 * @example parseBankMessage('Rs. 500.37 credited to HDFC Bank A/c XX1234 on 12-01-24 from VPA rahul@okaxis (UPI 401234567890)')
 *   // {kind: 'credit', amountPaise: 50037, utr: '401234567890', upi: true, references: []}
 */
export function parseBankMessage(text: string, from: string | null = null): BankMessage {
  const lower = normalizeMessage(text);
  if (lower === null) return { kind: 'unclear', reason: 'too-long', amountPaise: null, utr: null };
  const sender = (from ?? '').toLowerCase().slice(0, 200);
  const upi = saysUpi(lower, sender);
  const amounts = amountsOf(lower);
  const payments = amounts.filter((a) => !a.balance);
  const amountPaise = payments.find((a) => a.paise !== null)?.paise ?? null;
  const utr = utrOf(lower, upi);
  const ignored = (reason: IgnoredReason): BankMessage => ({ kind: 'ignored', reason, amountPaise, utr });
  const unclear = (reason: UnclearReason): BankMessage => ({ kind: 'unclear', reason, amountPaise, utr });
  if (!lower) return ignored('not-payment');
  if (isOtp(lower)) return ignored('otp');
  // The bank's standing footers go first ("Not you? SMS BLOCK ..."): then every word counts.
  const marked = withAmountsMarked(lower, amounts).replace(BOILERPLATE, ' ');
  for (const [reason, rule] of NOT_RECEIVED) if (rule.test(marked)) return ignored(reason);
  const toYou = marked.replace(TO_YOU, ' ⊕ ');
  const own = OWN_CREDIT.test(toYou);
  const debit = DEBIT.test(toYou);
  if (debit && !own) return ignored('debit');
  if (ON_HOLD.test(marked)) return unclear('on-hold');
  if (NEGATED.test(marked)) return unclear('negated');
  // Money both in and out in one message: a person reads it.
  if (debit) return unclear('unclear');
  if (OTHER_ACCOUNT.test(marked)) return unclear('other-account');
  if (!own) {
    if (CREDIT_WORD.test(marked) || upi || payments.length > 0) return unclear('unclear');
    return amounts.length > 0 ? ignored('balance') : ignored('not-payment');
  }
  if (payments.some((a) => a.paise === null)) return unclear('amount-unclear');
  if (new Set(payments.map((a) => a.paise)).size > 1) return unclear('two-amounts');
  if (amountPaise === null) return unclear('no-amount');
  return {
    kind: 'credit',
    amountPaise,
    utr,
    // A credit that names no other rail (NEFT, IMPS, cash...) is a UPI one: app notifications
    // ("Rahul paid you ₹500.37") often do not say UPI at all.
    upi: upi || !OTHER_RAIL.test(marked),
    references: referencesOf(text),
  };
}
