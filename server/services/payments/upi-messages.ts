/**
 * Reads a bank's SMS or a UPI app's notification forwarded from the payee's phone: is it money
 * received, how much, and which UPI transaction (the 12-digit UTR / RRN) it names. Pure: no I/O, no
 * clock. It errs towards "not sure": a message it cannot read with certainty is `unclear` (an
 * operator looks at it), never a credit of the wrong amount, and every known kind of message that
 * is not money received (debits, OTPs, collect requests, mandates, failures, refunds, offers,
 * balance alerts) is `ignored`. tests/server/payments/upi-messages.test.ts holds the shapes of real
 * messages from the banks and apps it was written against.
 */

export type IgnoredReason =
  | 'otp'
  | 'collect-request'
  | 'mandate'
  | 'failed'
  | 'refund'
  | 'bill-or-loan'
  | 'promotion'
  | 'debit'
  | 'balance'
  | 'not-payment';

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
  /** Talks about money but reads as nothing certain: kept for an operator. */
  | { kind: 'unclear'; amountPaise: number | null; utr: string | null }
  | { kind: 'ignored'; reason: IgnoredReason; amountPaise: number | null; utr: string | null };

/** Phrases that only warn against sharing a code; they are not an OTP themselves. */
const SHARE_WARNING =
  /\b(?:never|do not|don't|dont|not to|pls don't|please do not)\s+(?:ever\s+)?share\s+(?:your\s+|the\s+|this\s+|any\s+)?(?:otp|pin|cvv|password|card details)(?:\s*\/\s*(?:otp|pin|cvv|password))*/g;
const OTP_WORD =
  /\b(?:otp|one[ -]?time[ -]?pass(?:word|code)|verification code|auth(?:entication)? code|secret code)\b/g;
/** A 4-8 digit code standing alone (not part of an amount, a date, a time or a longer number). */
const CODE = /(?<!\d|\d[.,/:-])\d{4,8}(?!\d|[.,/:-]\d)/g;

const IGNORE_RULES: [IgnoredReason, RegExp][] = [
  [
    'collect-request',
    /\b(?:collect request|requested (?:money|payment|rs|inr|₹)|has requested|is requesting|requests? (?:you )?(?:to pay|for rs|of rs|of inr|of ₹|for inr|for ₹)|payment request|money request|approve (?:the |this )?(?:request|payment)|on approving|pay request)\b/,
  ],
  ['mandate', /\b(?:e-?mandate|mandate|autopay|auto-pay|auto pay|standing instruction|recurring payment)\b/],
  [
    'failed',
    /\b(?:failed|failure|declined|unsuccessful|not successful|could not be (?:processed|completed)|reversed|reversal|credited back|will be (?:credited|debited|refunded|reversed)|is pending|on hold|rejected)\b/,
  ],
  ['refund', /\b(?:refund(?:ed)?|cash ?back|reward|interest|dividend|chargeback)\b/],
  [
    'promotion',
    /\b(?:offer|offers|win|won|winner|congratulations|congrats|lucky|claim|voucher|coupon|upto|discount|apply now|pre-?approved|t&c|t&cs|tnc|limited period|hurry|click here|shop now|download now)\b/,
  ],
  [
    'bill-or-loan',
    /\b(?:credit card|card ending|card no|towards your (?:card|loan|emi|bill|policy)|emi|loan|premium|bill payment|recharge|electricity bill|insurance)\b/,
  ],
];

/**
 * The first word that says which way money went. Alternatives are tried left to right at each
 * position, so "sent you" / "paid you" (credits) win over "sent" / "paid" (debits).
 */
const DIRECTION =
  /\b(?:(paid you|sent you|credited|credit of|received|has been added|added to your|deposited|money in)|(debited|debit of|sent|you paid|paid to|paid (?:rs|inr|₹)|spent|withdrawn|withdrawal|transferred to|trf to|deducted|purchase|payment of (?:rs\.?|inr|₹)\s?[\d,.]+ (?:to|towards|at)))/;

/** An amount with its currency: ₹500.37, Rs.500.37, Rs 1,000, INR 1,00,000.00, Rs:500, Rs500.37. */
const MONEY = /(?:₹|(?<![a-z])(?:rs|inr)(?![a-z]))\.?\s*:?\s*(\d[\d,]*(?:\.\d{1,2})?)/g;
const HAS_MONEY = new RegExp(MONEY.source);
/** SBI's bare "credited by 500.37" / "debited by 200.0". */
const BARE_MONEY = /\b(?:credited|debited) (?:by|with|for) (\d[\d,]*(?:\.\d{1,2})?)(?![\d/-])/;
/** Words that make the amount after them a balance or a limit, not the payment. */
const BALANCE_BEFORE =
  /\b(?:bal|balance|avl|avlbl|avail|available|limit|outstanding|o\/s|due|total|clr bal|ledger bal)\b(?:(?!\brs\b|\binr\b|₹|\d\.\d\d).){0,30}$/;
const BALANCE_WORD = /\b(?:bal|balance|avl|avlbl|available)\b/;

/** A 12-digit number standing alone: the form every UPI transaction reference (RRN / UTR) takes. */
const TWELVE = /(?<![\d])(\d{12})(?![\d])/g;
/** A label right before a reference: "UPI Ref No", "Ref no.", "Refno", "RRN", "UTR:", "UPI:", "UPI/P2A/". */
const UTR_LABEL =
  /(?:\bref(?:erence)?\.?(?:\s*(?:no|number|id))?\.?|\brefno|\brrn(?:\s*no)?|\butr(?:\s*no)?|\bupi(?:\s*ref(?:erence)?(?:\s*(?:no|id))?)?|\btxn(?:\s*(?:id|no|ref))?|\btransaction\s*(?:id|ref|no)|\bimps(?:\s*ref)?(?:\s*no)?)\.?\s*[:.#-]?\s*(?:no\.?\s*)?[:.-]?\s*\(?$|\bupi\/(?:[a-z0-9]{2,4}\/)?$/;

const UPI_MARK =
  /\bupi\b|paisa|\bvpa\b|[a-z0-9][a-z0-9._-]*@[a-z][a-z0-9]{1,20}(?![a-z0-9]|\.[a-z])|\bbhim\b|phonepe|google ?pay|\bgpay\b|paytm|amazon ?pay/;
const OTHER_RAIL = /\b(?:neft|rtgs|imps|nach|ecs|cheque|chq dep|cash dep(?:osit)?|atm|cdm)\b/;

/** Our order reference: 'M' and seven of REFERENCE_ALPHABET with at least two digits and a letter. */
const REFERENCE = /\bM[A-HJ-NP-Z2-9]{7}\b/gi;
export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** True when `code` has the shape of an order reference (see newReference in upi-pay-amount.ts). */
export function isReference(code: string): boolean {
  if (!/^M[A-HJ-NP-Z2-9]{7}$/.test(code)) return false;
  const tail = code.slice(1);
  return (tail.match(/\d/g)?.length ?? 0) >= 2 && /[A-Z]/.test(tail);
}

/**
 * Rupees as written in a message to integer paise, exactly (no floating point); null when it is
 * not a plausible amount (Indian or western digit grouping, at most two decimals, below 1 crore).
 * @example toPaise('1,00,000.5') // 10000050
 */
export function toPaise(written: string): number | null {
  const plain = written.replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return paise > 0 && paise < 1_000_000_000 ? paise : null;
}

function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function isOtp(lower: string): boolean {
  const text = lower.replace(SHARE_WARNING, ' ');
  const words = [...text.matchAll(OTP_WORD)].map((m) => m.index ?? 0);
  if (words.length === 0) return false;
  const codes = [...text.matchAll(CODE)].map((m) => m.index ?? 0);
  return words.some((w) => codes.some((c) => Math.abs(c - w) <= 45));
}

/** The payment's amount: the first amount that is not a balance or a limit. */
function amountOf(lower: string): number | null {
  for (const m of lower.matchAll(MONEY)) {
    const before = lower.slice(Math.max(0, (m.index ?? 0) - 40), m.index ?? 0);
    if (BALANCE_BEFORE.test(before)) continue;
    const paise = toPaise(m[1] as string);
    if (paise !== null) return paise;
  }
  const bare = BARE_MONEY.exec(lower);
  return bare ? toPaise(bare[1] as string) : null;
}

/** The UPI reference: a labelled 12-digit number, else the only one in a UPI message. */
function utrOf(lower: string, upi: boolean): string | null {
  const all = [...lower.matchAll(TWELVE)];
  for (const m of all) {
    const before = lower.slice(Math.max(0, (m.index ?? 0) - 28), m.index ?? 0);
    if (UTR_LABEL.test(before)) return m[1] as string;
  }
  const distinct = new Set(all.map((m) => m[1] as string));
  return upi && distinct.size === 1 ? ([...distinct][0] as string) : null;
}

function referencesOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(REFERENCE)) {
    const code = m[0].toUpperCase();
    if (isReference(code)) found.add(code);
  }
  return [...found];
}

/**
 * Reads one forwarded message. `from` is the sender as the phone shows it (a bank's sender id such
 * as "AD-HDFCBK", a number, an app's name), used only to tell a UPI app's notification.
 * @example parseBankMessage('Rs. 500.37 credited to HDFC Bank A/c XX1234 on 12-01-24 from VPA rahul@okaxis (UPI 401234567890)')
 *   // {kind: 'credit', amountPaise: 50037, utr: '401234567890', upi: true, references: []}
 */
export function parseBankMessage(text: string, from: string | null = null): BankMessage {
  const clean = normalize(text);
  const lower = clean.toLowerCase();
  const sender = (from ?? '').toLowerCase();
  const upi = UPI_MARK.test(lower) || UPI_MARK.test(sender);
  const amountPaise = amountOf(lower);
  const utr = utrOf(lower, upi);
  const ignored = (reason: IgnoredReason): BankMessage => ({ kind: 'ignored', reason, amountPaise, utr });
  if (!lower) return ignored('not-payment');
  if (isOtp(lower)) return ignored('otp');
  for (const [reason, rule] of IGNORE_RULES) if (rule.test(lower)) return ignored(reason);
  const direction = DIRECTION.exec(lower);
  if (!direction) {
    // An amount that is not a balance, with no word saying which way: a person decides.
    if (amountPaise !== null) return { kind: 'unclear', amountPaise, utr };
    if (BALANCE_WORD.test(lower) && HAS_MONEY.test(lower)) return ignored('balance');
    return upi ? { kind: 'unclear', amountPaise, utr } : ignored('not-payment');
  }
  if (direction[2]) return ignored('debit');
  if (amountPaise === null) return { kind: 'unclear', amountPaise, utr };
  return {
    kind: 'credit',
    amountPaise,
    utr,
    // A credit that names no other rail (NEFT, IMPS, cash...) is a UPI one: app notifications
    // ("Rahul paid you ₹500.37") often do not say UPI at all.
    upi: upi || !OTHER_RAIL.test(lower),
    references: referencesOf(clean),
  };
}
