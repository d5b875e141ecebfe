import { hasAtMostTwoDecimals } from '../domain/money';
import { InstantSchema } from './common';
import { z } from './zod';

/** docs/product.md "Transaction": amount positive, type says credit or debit. */
export const TransactionSchema = z.object({
  _id: z.string(),
  description: z.string(),
  createdAt: InstantSchema,
  type: z.enum(['credit', 'debit']),
  amount: z.number(),
  status: z.enum(['completed', 'pending', 'failed']),
  /** On a failed withdrawal hold: the player cancelled the withdrawal, or an operator rejected it. */
  statusDetail: z.enum(['cancelled', 'rejected']).optional(),
  kind: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** GET /admin/users/{id}/ledger (operators): an entry with the balance right after it. */
export const LedgerEntrySchema = TransactionSchema.extend({ balanceAfter: z.number() });

/** POST /admin/users/{id}/wallet (operators): a manual ledger entry. */
export const WalletAdjustSchema = z.object({
  type: z.enum(['credit', 'debit'], { error: 'Type must be credit or debit' }),
  amount: z
    .number({ error: 'Please enter a valid amount' })
    .positive('Please enter a valid amount')
    .max(10_000_000, 'Amount is too large')
    .refine(hasAtMostTwoDecimals, 'Amount may have at most two decimals'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(200, 'Description must be at most 200 characters'),
});
export type WalletAdjust = z.infer<typeof WalletAdjustSchema>;
