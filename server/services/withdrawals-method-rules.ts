/** The four payout methods of product.md section 3; one saved row per method per player. */
export const WITHDRAWAL_METHODS = ['phonepe', 'gpay', 'paytm', 'bank'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

export type MethodDetails = {
  method: WithdrawalMethod;
  phoneNumber: string | null;
  accountHolderName: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
  bankName: string | null;
  branchName: string | null;
};

const IFSC = /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/;

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/**
 * Checks a saved-method body with the messages of product.md section 5, word for word.
 * Phone wallets keep only the phone; bank keeps the bank fields (the form's confirmAccountNumber
 * is not stored). Example: parseMethod({method:'gpay', phoneNumber:'98765'}) ->
 * {ok:false, errors:{phoneNumber:'Please enter a valid phone number'}}
 */
export function parseMethod(
  body: Record<string, unknown>,
): { ok: true; value: MethodDetails } | { ok: false; errors: Record<string, string> } {
  const method = text(body.method).toLowerCase();
  if (!(WITHDRAWAL_METHODS as readonly string[]).includes(method)) {
    return { ok: false, errors: { method: 'Please select a withdrawal method' } };
  }
  const errors: Record<string, string> = {};
  const empty = {
    phoneNumber: null,
    accountHolderName: null,
    accountNumber: null,
    ifscCode: null,
    bankName: null,
  };
  if (method !== 'bank') {
    const phoneNumber = text(body.phoneNumber);
    if (phoneNumber.length < 10) errors.phoneNumber = 'Please enter a valid phone number';
    if (Object.keys(errors).length) return { ok: false, errors };
    return {
      ok: true,
      value: { ...empty, method: method as WithdrawalMethod, phoneNumber, branchName: null },
    };
  }
  const accountHolderName = text(body.accountHolderName);
  const accountNumber = text(body.accountNumber);
  const ifscCode = text(body.ifscCode).toUpperCase();
  const bankName = text(body.bankName);
  if (!accountHolderName) errors.accountHolderName = 'Account holder name is required';
  if (accountNumber.length < 9) errors.accountNumber = 'Please enter a valid account number';
  if (!IFSC.test(ifscCode)) errors.ifscCode = 'Please enter a valid IFSC code';
  if (!bankName) errors.bankName = 'Bank name is required';
  if (Object.keys(errors).length) return { ok: false, errors };
  const branchName = text(body.branchName) || null;
  return {
    ok: true,
    value: {
      method: 'bank',
      phoneNumber: null,
      accountHolderName,
      accountNumber,
      ifscCode,
      bankName,
      branchName,
    },
  };
}
