/**
 * The payout's reference as a bank gives it (docs/api.md "Withdrawals paid with proof"), shared by
 * the server's checks and the console's field.
 */

/**
 * A typed or imported UTR as stored: trimmed, without a leading `'` (a spreadsheet's "keep this as
 * text"), upper-cased.
 * @example normalizePayoutUtr(" 'sbin118123456789 ") // 'SBIN118123456789'
 */
export function normalizePayoutUtr(raw: string): string {
  return raw.trim().replace(/^'/, '').trim().toUpperCase();
}

/**
 * The accepted shapes of a normalized UTR:
 * - a UPI or IMPS transfer's UTR/RRN: exactly 12 digits ('433212345678');
 * - a bank's own reference, 8 to 22 letters and digits with at least one of each (a NEFT UTR has
 *   16, 'SBIN118123456789'; an RTGS UTR 22, 'HDFCR52026112800012345').
 * All digits but not 12 of them is refused: a UPI reference with a digit missing or extra.
 * @example isPayoutUtr('433212345678') // true; isPayoutUtr('43321234567') // false
 */
export function isPayoutUtr(utr: string): boolean {
  if (/^\d{12}$/.test(utr)) return true;
  return /^[A-Z0-9]{8,22}$/.test(utr) && /[A-Z]/.test(utr) && /\d/.test(utr);
}

export const PAYOUT_UTR_MESSAGE =
  "The UTR is the payment's 12-digit UPI/IMPS reference, or the bank's reference of 8 to 22 letters and digits";
