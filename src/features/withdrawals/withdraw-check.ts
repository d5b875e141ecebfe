import type { WithdrawalMethodName } from '../../api/withdrawals';

/**
 * Whether Withdraw Now may send (docs/product.md section 5): blocked, silently, when the amount is
 * empty or zero, above the balance, no method is selected, or the method is not saved.
 * @example canWithdraw({amount: '500', balance: 1000, method: 'bank', saved: new Set(['bank'])}) // true
 */
export function canWithdraw(input: {
  amount: string;
  balance: number;
  method: WithdrawalMethodName | null;
  saved: { has: (m: WithdrawalMethodName) => boolean };
}): boolean {
  const value = Number(input.amount);
  if (input.amount === '' || !Number.isInteger(value) || value <= 0) return false;
  if (value > input.balance) return false;
  return input.method !== null && input.saved.has(input.method);
}
