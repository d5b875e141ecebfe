import type { WithdrawalMethod, WithdrawalMethodBody, WithdrawalMethodName } from '../../api/withdrawals';
import { WithdrawalMethodBodySchema } from '../../contracts/withdrawals';

export type MethodForm = {
  phoneNumber: string;
  accountHolderName: string;
  accountNumber: string;
  confirmAccountNumber: string;
  ifscCode: string;
  bankName: string;
  branchName: string;
};

export type MethodField = keyof MethodForm;

/** The form opened for a method: its saved details to update, or blanks to add. */
export function formFor(saved: WithdrawalMethod | undefined): MethodForm {
  return {
    phoneNumber: saved?.phoneNumber ?? '',
    accountHolderName: saved?.accountHolderName ?? '',
    accountNumber: saved?.accountNumber ?? '',
    confirmAccountNumber: saved?.accountNumber ?? '',
    ifscCode: saved?.ifscCode ?? '',
    bankName: saved?.bankName ?? '',
    branchName: saved?.branchName ?? '',
  };
}

/** The fields a method's form shows, in order. */
export function fieldsOf(method: WithdrawalMethodName): MethodField[] {
  return method === 'bank'
    ? ['accountHolderName', 'accountNumber', 'confirmAccountNumber', 'ifscCode', 'bankName', 'branchName']
    : ['phoneNumber'];
}

export type MethodCheck =
  | { ok: true; body: WithdrawalMethodBody }
  | { ok: false; errors: Partial<Record<MethodField, string>> };

/**
 * Checks a form with the same schema the server uses (docs/product.md section 5 messages): bank needs a
 * holder, an account of 9+ digits, an IFSC like SBIN0001234 and a bank name; wallets a 10+ digit phone.
 * @example checkMethodForm('gpay', {...blank, phoneNumber: '98765'}) // {ok: false, errors: {phoneNumber: 'Please enter a valid phone number'}}
 */
export function checkMethodForm(method: WithdrawalMethodName, form: MethodForm): MethodCheck {
  const fields = fieldsOf(method);
  const body: Record<string, string> = { method };
  for (const f of fields) if (form[f].trim()) body[f] = form[f].trim();
  const parsed = WithdrawalMethodBodySchema.safeParse(body);
  if (parsed.success) return { ok: true, body: body as WithdrawalMethodBody };
  const errors: Partial<Record<MethodField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as MethodField;
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
