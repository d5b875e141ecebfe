import type { z } from 'zod';
import type { MethodDetails, WithdrawalMethodBodySchema } from '../../../src/contracts/withdrawals';

/**
 * The row to store for a body that WithdrawalMethodBodySchema (shared with the app, which holds
 * the docs/product.md messages) has already accepted. Phone wallets keep only the phone; bank keeps
 * the bank fields (the form's confirmAccountNumber is not stored) with the IFSC in capitals.
 * Example: methodDetails({method:'gpay', phoneNumber:'9876543210', bankName:'X'}) ->
 * {method:'gpay', phoneNumber:'9876543210', ...every other field null}
 */
export function methodDetails(body: z.output<typeof WithdrawalMethodBodySchema>): MethodDetails {
  const none = {
    phoneNumber: null,
    accountHolderName: null,
    accountNumber: null,
    ifscCode: null,
    bankName: null,
    branchName: null,
  };
  if (body.method !== 'bank') return { ...none, method: body.method, phoneNumber: body.phoneNumber ?? null };
  return {
    ...none,
    method: 'bank',
    accountHolderName: body.accountHolderName ?? null,
    accountNumber: body.accountNumber ?? null,
    ifscCode: body.ifscCode?.toUpperCase() ?? null,
    bankName: body.bankName ?? null,
    branchName: body.branchName || null,
  };
}
