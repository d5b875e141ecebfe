import type { WithdrawalMethod, WithdrawalMethodName } from '../../api/withdrawals';
import { maskAccount, maskPhone } from '../../domain/format';
import { tMoney as t } from '../../i18n/en/money';

const METHODS: readonly WithdrawalMethodName[] = ['phonepe', 'gpay', 'paytm', 'bank'];

/** A method's name in the chosen language; unknown names pass through. */
export function methodLabel(method: string): string {
  return METHODS.includes(method as WithdrawalMethodName) ? t(method as WithdrawalMethodName) : method;
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
