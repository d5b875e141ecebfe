import type { WithdrawalMethod, WithdrawalMethodName } from '../../api/withdrawals';
import { maskAccount, maskPhone } from '../../domain/format';

export const METHOD_LABELS: Readonly<Record<WithdrawalMethodName, string>> = {
  phonepe: 'PhonePe',
  gpay: 'Google Pay',
  paytm: 'Paytm',
  bank: 'Bank Transfer',
};

/** A method's name for tables; unknown names pass through. */
export function methodLabel(method: string): string {
  return METHOD_LABELS[method as WithdrawalMethodName] ?? method;
}

/**
 * A saved method in one masked line: the bank and the last 4 of the account, or the last 3 of the phone.
 * @example savedSummary({method: 'bank', bankName: 'SBI', accountNumber: '123456789012', ...}) // 'SBI ********9012'
 */
export function savedSummary(saved: WithdrawalMethod): string {
  if (saved.method === 'bank') {
    return [saved.bankName, maskAccount(saved.accountNumber ?? '')].filter(Boolean).join(' ');
  }
  return maskPhone(saved.phoneNumber ?? '');
}
