/**
 * Reading a forwarded bank message's text, before anything is decided about it (upi-messages.ts
 * decides): its normal form, its amounts, its UPI reference (UTR) and our order references. Every
 * step is linear in the text's length (issue 44: one 6 KB message held the event loop for 100 ms):
 * the text is capped before and after Unicode normalisation, and every pattern here is anchored so
 * that a run of letters, digits or spaces is scanned a bounded number of times (no quantifier
 * that can start anywhere inside a run and fail at its end, no nested or overlapping quantifiers).
 * tests/server/payments/upi-messages-linear.test.ts feeds each the worst texts found.
 */

/** Longest text read, as received (a 10-part SMS is about 1,530 characters). */
export const MAX_MESSAGE_CHARS = 2000;
/** Longest text read after NFKC, which can turn one character into up to 18. */
const MAX_NORMAL_CHARS = 2 * MAX_MESSAGE_CHARS;

/** Zero-width characters, direction marks and the soft hyphen: invisible, and able to split a word. */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
const DEVANAGARI_DIGIT = /[\u0966-\u096F]/g;
const CURLY_QUOTE = /[\u2018\u2019\u02BC]/g;
/** The marks the rules put in the text (¤ an amount, ⊕ money to you): a message cannot bring its own. */
const RULE_MARKS = /[¤⊕]/g;

/**
 * The message as the rules read it: NFKC (full-width digits and letters become plain ones),
 * invisible characters removed, Devanagari digits as ASCII, curly apostrophes straight, the rules'
 * own marks (¤ ⊕) blanked, one space
 * between words, lower case. Null when it is longer than anyone's SMS, before or after NFKC: it is
 * not read at all (a refusal cut off past the cap must not be missed).
 */
export function normalizeMessage(text: string): string | null {
  if (text.length > MAX_MESSAGE_CHARS) return null;
  const nfkc = text.normalize('NFKC');
  if (nfkc.length > MAX_NORMAL_CHARS) return null;
  const clean = nfkc
    .replace(INVISIBLE, '')
    .replace(DEVANAGARI_DIGIT, (d) => String(d.charCodeAt(0) - 0x0966))
    .replace(CURLY_QUOTE, "'")
    .replace(RULE_MARKS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return clean.length > MAX_NORMAL_CHARS ? null : clean;
}

/**
 * Rupees as written in a message to integer paise, exactly (no floating point); null when it is
 * not a plausible amount: digits grouped the Indian (1,00,000) or western (100,000) way or not at
 * all, at most two decimals, more than zero and below 1 crore.
 * @example toPaise('1,00,000.5') // 10000050
 * @example toPaise('504.119') // null
 */
export function toPaise(written: string): number | null {
  const m = /^(\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/.exec(written);
  if (!m) return null;
  const rupees = (m[1] as string).replace(/,/g, '');
  if (rupees.length > 9) return null;
  const paise = Number(rupees) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return paise > 0 && paise < 1_000_000_000 ? paise : null;
}

/** An amount with its currency: ₹500.37, Rs.500.37, Rs 1,000, INR 1,00,000.00, Rs:500, रु.500. */
const MONEY =
  /(?:₹|रुपये|रुपए|रु|रू|(?<![a-z])(?:rs|inr|rupees)(?![a-z]))\.? ?:? ?(\d(?:[\d,]{0,30})(?:\.\d{1,12})?)/g;
/** SBI's bare "credited by 500.37" / "debited by 200.0", and "amount 500.37". */
const BARE_MONEY =
  /(?:\b(?:credited|debited) (?:by|with|for)|\b(?:amt|amount)\.? ?:?) (\d(?:[\d,]{0,30})(?:\.\d{1,12})?)(?![\d/-])/g;
/** A number with decimals standing alone (not in a date, a version, a UPI address or a longer number). */
const LOOSE_MONEY = /(?<![\w.,/:@-])(\d(?:[\d,]{0,30})\.\d{1,12})(?!\d|[.,]\d)/g;
/** Words that make the amount after them a balance or a limit, not the payment. */
const BALANCE_BEFORE =
  /(?:\b(?:bal|balance|avl|avlbl|avail|available|limit|outstanding|o\/s|due|total|clr bal|ledger bal)\b|शेष|बैलेंस|उपलब्ध|बकाया)(?:(?!\brs\b|\binr\b|₹|रु|\d\.\d\d).){0,30}$/;

export interface Amount {
  /** Where it stands in the text: [start, end). */
  start: number;
  end: number;
  /** Null when it is written in a way no bank writes one (three decimals, odd grouping). */
  paise: number | null;
  /** A balance or a limit, not the payment. */
  balance: boolean;
}

/** Every amount the text names, in order, each marked a balance or not. */
export function amountsOf(lower: string): Amount[] {
  const found: Amount[] = [];
  // Which characters an amount already covers (each regex's matches never overlap each other).
  const covered = new Uint8Array(lower.length + 1);
  const take = (start: number, end: number, written: string) => {
    if (covered[start]) return;
    covered.fill(1, start, end);
    // "Rs 500.37.5", "Rs 1,00,000,5" or 40 digits: the number goes on past what was read.
    const runsOn = /^[.,]?\d/.test(lower.slice(end, end + 2));
    found.push({
      start,
      end,
      paise: runsOn ? null : toPaise(written),
      balance: BALANCE_BEFORE.test(lower.slice(Math.max(0, start - 40), start)),
    });
  };
  for (const m of lower.matchAll(MONEY)) take(m.index, m.index + m[0].length, m[1] as string);
  // The number itself, not the words before it ("credited by ¤"); then money-shaped numbers
  // without a currency: a second amount must not hide by leaving its "Rs" out.
  for (const re of [BARE_MONEY, LOOSE_MONEY]) {
    for (const m of lower.matchAll(re)) {
      const end = m.index + m[0].length;
      take(end - (m[1] as string).length, end, m[1] as string);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The text with each amount replaced by ¤, so the rules read "credited by ¤ to your a/c". */
export function withAmountsMarked(lower: string, amounts: Amount[]): string {
  let out = '';
  let at = 0;
  for (const a of amounts) {
    out += `${lower.slice(at, a.start)} ¤ `;
    at = a.end;
  }
  return `${out}${lower.slice(at)}`.replace(/ {2,}/g, ' ').trim();
}

/** A 12-digit number standing alone: the form every UPI transaction reference (RRN / UTR) takes. */
const TWELVE = /(?<!\d)(\d{12})(?!\d)/g;
/** A label right before a reference: "UPI Ref No", "Ref no.", "Refno", "RRN", "UTR:", "UPI:", "UPI/P2A/", "संदर्भ सं". */
const UTR_LABEL =
  /(?:\bref(?:erence)?\.?(?: ?(?:no|number|id))?\.?|\brefno|\brrn(?: ?no)?|\butr(?: ?no)?|\bupi(?: ?ref(?:erence)?(?: ?(?:no|id))?)?|\btxn(?: ?(?:id|no|ref))?|\btransaction ?(?:id|ref|no)|\bimps(?: ?ref)?(?: ?no)?|संदर्भ(?: ?(?:सं|संख्या))?)\.? ?[:.#-]? ?(?:no\.? ?)?[:.-]? ?\(?$|\bupi\/(?:[a-z0-9]{2,4}\/)?$/;

/** The UPI reference: a labelled 12-digit number, else the only one in a UPI message. */
export function utrOf(lower: string, upi: boolean): string | null {
  const all = [...lower.matchAll(TWELVE)];
  for (const m of all) {
    const before = lower.slice(Math.max(0, (m.index ?? 0) - 28), m.index ?? 0);
    if (UTR_LABEL.test(before)) return m[1] as string;
  }
  const distinct = new Set(all.map((m) => m[1] as string));
  return upi && distinct.size === 1 ? ([...distinct][0] as string) : null;
}

/**
 * A UPI address ("rahul.k@okicici"), its start anchored at the beginning of a run so that a long
 * run of letters is scanned once, not once per letter (the quadratic pattern issue 44 found).
 */
export const VPA = /(?<![a-z0-9._-])[a-z0-9][a-z0-9._-]{0,63}@[a-z][a-z0-9]{1,20}(?![a-z0-9]|\.[a-z])/;
const UPI_MARK = /\bupi\b|यूपीआई|paisa|\bvpa\b|\bbhim\b|phonepe|google ?pay|\bgpay\b|paytm|amazon ?pay/;

/** Whether the text or its sender says UPI (a word, an app, or a UPI address). */
export function saysUpi(lower: string, sender: string): boolean {
  return UPI_MARK.test(lower) || VPA.test(lower) || UPI_MARK.test(sender);
}

/** Our order reference: 'M' and seven of REFERENCE_ALPHABET with at least two digits and a letter. */
const REFERENCE = /\bM[A-HJ-NP-Z2-9]{7}\b/gi;
export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** True when `code` has the shape of an order reference (see newReference in upi-pay-amount.ts). */
export function isReference(code: string): boolean {
  if (!/^M[A-HJ-NP-Z2-9]{7}$/.test(code)) return false;
  const tail = code.slice(1);
  return (tail.match(/\d/g)?.length ?? 0) >= 2 && /[A-Z]/.test(tail);
}

export function referencesOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(REFERENCE)) {
    const code = m[0].toUpperCase();
    if (isReference(code)) found.add(code);
  }
  return [...found];
}
