import { formatTime12 } from '../domain/format';
import { formatAmount } from '../domain/money';
import { consoleConfig } from './config';

// How the console says things: phones, players, money and times in words an operator reads.

/** An Indian mobile as people write it. @example phoneText('9876543210') // '98765 43210' */
export function phoneText(phone: string | null | undefined): string {
  const p = phone ?? '';
  return /^\d{10}$/.test(p) ? `${p.slice(0, 5)} ${p.slice(5)}` : p;
}

/** A player as "Name (98765 43210)". */
export function playerText(p: { name?: string | null; phone?: string | null } | null | undefined): string {
  if (!p) return 'a player';
  const phone = phoneText(p.phone);
  return p.name ? (phone ? `${p.name} (${phone})` : p.name) : phone || 'a player';
}

/**
 * An amount as the server's money mode has it, Indian grouping: rupees when players pay in
 * rupees (MONEY_MODE=real), points when the points have no cash value (MONEY_MODE=points).
 * @example money(1750) // '₹1,750' (real); '1,750 points' (points)
 */
export function money(points: number | null | undefined): string {
  return formatAmount(Number(points ?? 0), consoleConfig().moneyMode);
}

/** A signed ledger amount. @example signedMoney(5000, 'credit') // '+₹5,000' */
export function signedMoney(points: number, type: 'credit' | 'debit'): string {
  return `${type === 'credit' ? '+' : '-'}${money(points)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The day (YYYY-MM-DD) of an instant in the market's zone. */
const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: consoleConfig().marketTz }).format(d);

/**
 * A day, the one way the console writes days: "25 Nov" this year (in the market's zone), with
 * the year otherwise. Anything not a day is shown as it is.
 * @example dayText('2026-11-25') // '25 Nov' in 2026; '25 Nov 2026' in 2027
 */
export function dayText(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!m) return day ?? '';
  const [, year, month, date] = m;
  const thisYear = dayOf(new Date()).slice(0, 4);
  return `${Number(date)} ${MONTHS[Number(month) - 1]}${year === thisYear ? '' : ` ${year}`}`;
}

/**
 * A time as an operator reads it, in the market's zone (as players see it), its day as dayText
 * writes days and its hour as market times are written (formatTime12): 25 Nov, 10:32 AM.
 */
export function whenText(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  const hhmm = d.toLocaleTimeString('en-GB', {
    timeZone: consoleConfig().marketTz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${dayText(dayOf(d))}, ${formatTime12(hhmm)}`;
}

const plurals = new Intl.PluralRules('en');

/**
 * A count with its noun as English says it (Intl.PluralRules), grouped the Indian way.
 * @example countText(1, 'bid') // '1 bid'; countText(3, 'match', 'matches') // '3 matches'
 */
export function countText(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en-IN')} ${plural(n, one, other)}`;
}

/** The word that agrees with a count. @example plural(1, 'wins', 'win') // 'wins' */
export function plural(n: number, one: string, other: string): string {
  return plurals.select(n) === 'one' ? one : other;
}

/** A backup schedule in words: 1 -> "every hour", 6 -> "every 6 hours", 0.5 -> "every 30 minutes". */
export function hoursText(h: number): string {
  return h === 1 ? 'every hour' : h < 1 ? `every ${Math.round(h * 60)} minutes` : `every ${h} hours`;
}

const METHOD_NAMES: Record<string, string> = {
  phonepe: 'PhonePe',
  gpay: 'Google Pay',
  paytm: 'Paytm',
  bank: 'Bank',
};

/** phonepe -> PhonePe. */
export function methodName(method: string | null | undefined): string {
  return METHOD_NAMES[method ?? ''] ?? String(method ?? '');
}

type Details = {
  phoneNumber?: string | null;
  accountHolderName?: string | null;
  accountNumber?: string | null;
  ifscCode?: string | null;
  bankName?: string | null;
};

/**
 * Where a payout goes, in full (the operator sends the money there):
 * @example payeeText('phonepe', {phoneNumber: '9302101538'}) // 'PhonePe 93021 01538'
 * @example payeeText('bank', {accountHolderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'SBIN0001234', bankName: 'SBI'}) // 'Bank: Asha Rao, a/c 123456789012, IFSC SBIN0001234 (SBI)'
 */
export function payeeText(method: string, d: Details | null | undefined): string {
  if (method === 'bank') {
    const parts = [
      d?.accountHolderName,
      d?.accountNumber ? `a/c ${d.accountNumber}` : null,
      d?.ifscCode ? `IFSC ${d.ifscCode}` : null,
    ].filter(Boolean);
    return `Bank: ${parts.join(', ')}${d?.bankName ? ` (${d.bankName})` : ''}`;
  }
  return `${methodName(method)} ${phoneText(d?.phoneNumber)}`.trim();
}

const FLAG_TITLES: Record<string, string> = {
  'shared-device': 'Several accounts from one device',
  'shared-address': 'Several accounts from one network',
  'referral-shared': 'Referral bonus held: same device or network',
  'bid-burst': 'More than 30 bids a minute',
  'quick-withdrawal': 'Withdrawal soon after a deposit, little play',
};

/** A risk flag's kind in words. @example flagTitle('bid-burst') // 'More than 30 bids a minute' */
export function flagTitle(kind: string): string {
  return FLAG_TITLES[kind] ?? kind;
}

const OPERATOR_CHANGES: Record<string, string> = {
  create: 'new operator',
  'make-owner': 'raise to owner',
  reactivate: 'switch back on',
  'reset-password': 'new password',
  'reset-2fa': 'two-factor sign-in off',
};

/** An operator change waiting for a second owner, in words ("raise to owner"). */
export function operatorChangeText(kind: string): string {
  return OPERATOR_CHANGES[kind] ?? 'change';
}

const FAMILY_NAMES: Record<string, string> = {
  main: 'Main',
  starline: 'Starline',
  galidisawar: 'Galidisawar',
};

/** A family of markets. @example familyName('galidisawar') // 'Galidisawar' */
export function familyName(family: string): string {
  return FAMILY_NAMES[family] ?? family;
}

/** A main market's session. @example sessionName('open') // 'Open' */
export function sessionName(session: string | null | undefined): string {
  if (!session) return '';
  return session.charAt(0).toUpperCase() + session.slice(1).toLowerCase();
}

/** Each rate's name (the rate tables key rates by these). */
const RATE_NAMES: Record<string, string> = {
  singleDigit: 'Single Digit',
  jodiDigit: 'Jodi Digit',
  singlePanna: 'Single Panna',
  doublePanna: 'Double Panna',
  triplePanna: 'Triple Panna',
  halfSangam: 'Half Sangam',
  fullSangam: 'Full Sangam',
  leftDigit: 'Left Digit',
  rightDigit: 'Right Digit',
};

/** A rate table's key in words. @example rateName('jodiDigit') // 'Jodi Digit' */
export function rateName(key: string): string {
  return RATE_NAMES[key] ?? key;
}

const STATUS_WORDS: Record<string, string> = {
  completed: 'Done',
  success: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  rejected: 'Rejected',
  approved: 'Approved',
  cancelled: 'Cancelled',
};

/** A ledger entry's or a request's status in words. @example statusWord('completed') // 'Done' */
export function statusWord(status: string): string {
  return STATUS_WORDS[status] ?? status;
}

/** A pause in force. @example pauseText({kind: 'time-out', until}) // 'On a time-out until 28 Nov, 10:00 AM' */
export function pauseText(pause: { kind: string; until: string }): string {
  return `${pause.kind === 'self-exclusion' ? 'Self-excluded' : 'On a time-out'} until ${whenText(pause.until)}`;
}
