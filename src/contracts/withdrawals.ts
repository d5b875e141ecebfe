import { InstantSchema } from './common';
import { PHONE_INVALID } from './phone';
import { z } from './zod';

export const WITHDRAWAL_METHODS = ['phonepe', 'gpay', 'paytm', 'bank'] as const;
export type WithdrawalMethodName = (typeof WITHDRAWAL_METHODS)[number];

/** Messages from docs/product.md section 5 (Funds and withdrawals), word for word. */
export const WITHDRAWAL_MESSAGES = {
  holder: 'Account holder name is required',
  account: 'Please enter a valid account number',
  ifsc: 'Please enter a valid IFSC code',
  bank: 'Bank name is required',
  phone: PHONE_INVALID,
} as const;

const methodName = z.enum(WITHDRAWAL_METHODS, { error: 'Method must be phonepe, gpay, paytm or bank' });
const short = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** POST /user/withdrawal/methods: saving a method again replaces the saved one. */
export const WithdrawalMethodBodySchema = z
  .object({
    method: methodName,
    phoneNumber: short(20).optional(),
    accountHolderName: short(100).optional(),
    accountNumber: short(30).optional(),
    confirmAccountNumber: short(30).optional(),
    ifscCode: short(11).optional(),
    bankName: short(100).optional(),
    branchName: short(100).optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.method === 'bank') {
      if (!v.accountHolderName) issue('accountHolderName', WITHDRAWAL_MESSAGES.holder);
      if (!v.accountNumber || v.accountNumber.length < 9 || !/^\d+$/.test(v.accountNumber)) {
        issue('accountNumber', WITHDRAWAL_MESSAGES.account);
      }
      if (!v.ifscCode || !/^[A-Za-z]{4}0[A-Za-z0-9]{6}$/.test(v.ifscCode))
        issue('ifscCode', WITHDRAWAL_MESSAGES.ifsc);
      if (!v.bankName) issue('bankName', WITHDRAWAL_MESSAGES.bank);
    } else if (!v.phoneNumber || v.phoneNumber.length < 10 || !/^[+\d\s-]+$/.test(v.phoneNumber)) {
      issue('phoneNumber', WITHDRAWAL_MESSAGES.phone);
    }
  });
export type WithdrawalMethodBody = z.input<typeof WithdrawalMethodBodySchema>;

export const WithdrawalMethodSchema = z.object({
  _id: z.string(),
  method: methodName,
  phoneNumber: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  ifscCode: z.string().nullable(),
  bankName: z.string().nullable(),
  branchName: z.string().nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type WithdrawalMethod = z.infer<typeof WithdrawalMethodSchema>;

export const WithdrawalBodySchema = z.object({
  amount: z
    .number({ error: 'Please enter a valid amount' })
    .int('Amount must be a whole number of points')
    .positive('Please enter a valid amount')
    .max(10_000_000, 'Amount is too large'),
  method: methodName,
});
export type WithdrawalBody = z.infer<typeof WithdrawalBodySchema>;

/** pending until an operator approves or rejects it, or the player cancels it. */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** docs/product.md "Withdrawal": id plus _id. */
export const WithdrawalSchema = z.object({
  _id: z.string(),
  id: z.string(),
  createdAt: InstantSchema,
  method: methodName,
  amount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The operator's reason, on a rejected withdrawal (null otherwise, or when none was given). */
  reason: z.string().nullable().optional(),
  /** When it left pending: approved, rejected or cancelled at. */
  decidedAt: InstantSchema.nullable().optional(),
  /** When the money was paid (an approved withdrawal; docs/api.md "Withdrawals paid with proof"). */
  paidAt: InstantSchema.nullable().optional(),
  /** The payout's reference (UTR) on an approved withdrawal, once an operator or the bank gave it. */
  payoutUtr: z.string().nullable().optional(),
  user: z.object({ _id: z.string(), name: z.string(), phone: z.string() }).optional(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/**
 * A withdrawal method as stored: one saved row per method per player (docs/product.md section 3).
 * Server-side shape shared by the method rules (services) and the withdrawals repository.
 */
export type MethodDetails = {
  method: WithdrawalMethodName;
  phoneNumber: string | null;
  accountHolderName: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
  bankName: string | null;
  branchName: string | null;
};
