import { isPayoutUtr, normalizePayoutUtr, PAYOUT_UTR_MESSAGE } from '../domain/payout-utr';
import { DecisionNoteSchema } from './operators';
import { z } from './zod';

/**
 * Withdrawals paid with proof (docs/api.md "Withdrawals paid with proof"): the payout's reference,
 * the approval that carries it, and the payout batch's export and import.
 */

/** The payout's UTR in a request body: its shapes are src/domain/payout-utr.ts's. */
export const PayoutUtrSchema = z
  .string({ error: PAYOUT_UTR_MESSAGE })
  .max(40, PAYOUT_UTR_MESSAGE)
  .transform(normalizePayoutUtr)
  .refine(isPayoutUtr, PAYOUT_UTR_MESSAGE);

/** POST /admin/withdrawals/{id}/approve: a note for the audit log, and the payout's UTR if known. */
export const ApproveWithdrawalSchema = DecisionNoteSchema.extend({ utr: PayoutUtrSchema.optional() });

/** POST /admin/withdrawals/{id}/payout: the UTR of an approved withdrawal that had none (once). */
export const PayoutUtrBodySchema = z.object({ utr: PayoutUtrSchema });

/** GET /admin/payouts.csv?status=pending: only the withdrawals still waiting make a batch. */
export const PayoutsCsvQuerySchema = z.object({
  status: z.enum(['pending'], { error: 'status must be pending' }).default('pending'),
});

/** The export's columns, in order (a bank's bulk-upload template maps them). */
export const PAYOUT_COLUMNS = [
  'reference',
  'name',
  'method',
  'vpa',
  'account',
  'ifsc',
  'amount',
  'phone',
] as const;

/** POST /admin/payouts/results?dryRun=true: what the file would do, with nothing written. */
export const PayoutResultsQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** What the import did (or, in a dry run, would do) with one row of the bank's answer. */
export const PAYOUT_OUTCOMES = ['paid', 'failed', 'waiting', 'unchanged', 'problem'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

export const PayoutResultRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  reference: z.string(),
  outcome: z.enum(PAYOUT_OUTCOMES),
  /** The withdrawal, when the reference names one. */
  amount: z.number().nullable(),
  player: z.object({ name: z.string(), phone: z.string() }).nullable(),
  utr: z.string().nullable(),
  /** Why a row changed nothing, or what it waits for. */
  reason: z.string().nullable(),
  /** Four eyes: the approvals the withdrawal has after this row (waiting rows). */
  approvals: z.number().int().nullable(),
});

export const PayoutResultsSchema = z.object({
  dryRun: z.boolean(),
  paid: z.number().int(),
  failed: z.number().int(),
  unchanged: z.number().int(),
  /** Rows above FOUR_EYES_ABOVE that wait for a second owner (their approval is recorded). */
  waiting: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  rows: z.array(PayoutResultRowSchema),
});
export type PayoutResults = z.infer<typeof PayoutResultsSchema>;
export type PayoutResultRow = z.infer<typeof PayoutResultRowSchema>;
