import { PAYOUT_COLUMNS } from '../../../src/contracts/payouts';
import { marketDayOf } from '../../../src/domain/market-time';
import { paiseToPoints } from '../../../src/domain/money';
import { type PayoutRow, unpaidPendingWithdrawals } from '../../db/repositories/payouts';
import type { Queryable } from '../../db/types';
import { csvLine } from '../reports/csv';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * One withdrawal as a row of a bank's bulk payment upload. `name` is the account holder for a
 * bank transfer, else the player; `account` and `ifsc` are the bank method's, in full (the file is
 * for paying them); `vpa` is the UPI ID when the method holds one (saved methods hold the wallet's
 * phone number today, which goes in `phone`, else the player's phone); `amount` in rupees with
 * paise.
 * @example payoutCells({id: 'w1', method: 'bank', method_details: {accountHolderName: 'Ravi K',
 *   accountNumber: '50100123456789', ifscCode: 'HDFC0001234'}, amount_paise: 50000, name: 'Ravi', phone: '9876543210'})
 *   // ['w1', 'Ravi K', 'bank', '', '50100123456789', 'HDFC0001234', '500.00', '9876543210']
 */
export function payoutCells(r: PayoutRow): string[] {
  const d = r.method_details;
  const bank = r.method === 'bank';
  return [
    r.id,
    (bank && text(d.accountHolderName)) || r.name,
    r.method,
    text(d.vpa),
    bank ? text(d.accountNumber) : '',
    bank ? text(d.ifscCode) : '',
    paiseToPoints(r.amount_paise).toFixed(2),
    (!bank && text(d.phoneNumber)) || r.phone,
  ];
}

/**
 * GET /admin/payouts.csv?status=pending: every withdrawal waiting and not yet paid, one row each
 * (oldest first), as RFC 4180 CSV with formulas neutralised (reports/csv.ts), and its file name.
 */
export async function payoutBatch(q: Queryable, now: Date, tz: string) {
  const rows = await unpaidPendingWithdrawals(q);
  let body = csvLine(PAYOUT_COLUMNS);
  for (const r of rows) body += csvLine(payoutCells(r));
  return { body, rows: rows.length, fileName: `payouts-${marketDayOf(now, tz)}.csv` };
}
