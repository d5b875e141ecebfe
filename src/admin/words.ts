import { formatRupees } from '../domain/format';

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

/** Points as rupees, Indian grouping. @example money(120) // '₹120' */
export function money(points: number | null | undefined): string {
  return formatRupees(Number(points ?? 0));
}

/** A time as an operator reads it: 25 Nov, 10:32 am. */
export function whenText(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return d.toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
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
