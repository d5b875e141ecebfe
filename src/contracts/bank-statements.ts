import { DateSchema, InstantSchema } from './common';
import { z } from './zod';

// Bank statements and the exceptions of their reconciliation with credited UPI deposits and paid
// withdrawals (docs/api.md "Bank statements: every automatic credit checked against the bank").

/** POST /admin/bank-statements takes the file as its body, of one of these types. */
export const STATEMENT_CSV_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
] as const;
export const STATEMENT_XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An uploaded statement: the bank, the days it covers and its lines (counts; totals in rupees). */
export const BankStatementSchema = z.object({
  _id: z.string(),
  bank: z.string(),
  /** The first and last day it covers (YYYY-MM-DD). */
  from: DateSchema,
  to: DateSchema,
  rows: z.number().int(),
  credits: z.number().int(),
  debits: z.number().int(),
  creditTotal: z.number(),
  debitTotal: z.number(),
  /** Lines not seen in an earlier statement (an overlapping one adds only these). */
  newRows: z.number().int(),
  fileType: z.enum(['csv', 'xlsx']),
  uploadedAt: InstantSchema,
});
export type BankStatement = z.infer<typeof BankStatementSchema>;

/** The upload's answer: the statement, and what its reconciliation opened and closed. */
export const StatementUploadSchema = BankStatementSchema.extend({
  /** The same file was uploaded before: nothing was added. */
  duplicate: z.boolean(),
  opened: z.number().int(),
  closed: z.number().int(),
});
export type StatementUpload = z.infer<typeof StatementUploadSchema>;

/** Kinds of exception, one check each (server/services/reconciliation/checks.ts). */
export const EXCEPTION_KINDS = [
  'credited-not-in-statement',
  'amount-mismatch',
  'statement-credit-uncredited',
  'balance-break',
  'payout-not-in-statement',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const ReconciliationExceptionSchema = z.object({
  _id: z.string(),
  kind: z.enum(EXCEPTION_KINDS),
  /** Rupees: what was credited or paid out, or what the statement line shows. */
  amount: z.number(),
  utr: z.string().optional(),
  fundId: z.string().optional(),
  /** The paid withdrawal it is about (payout-not-in-statement, a payout's amount-mismatch). */
  withdrawalId: z.string().optional(),
  notificationId: z.string().optional(),
  statementRowId: z.string().optional(),
  /** What is wrong, in words. */
  detail: z.string(),
  /** The day it is about (the credit's, the payout's or the line's). */
  day: DateSchema,
  /** When it was opened. */
  since: InstantSchema,
  status: z.enum(['open', 'resolved']),
  resolvedAt: InstantSchema.optional(),
  /** Who closed it: an owner (with the note), or a later statement or credit by itself. */
  closedBy: z.enum(['owner', 'statement', 'credit']).optional(),
  resolvedBy: z.string().optional(),
  note: z.string().optional(),
});
export type ReconciliationException = z.infer<typeof ReconciliationExceptionSchema>;

export const ExceptionsQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).default('open'),
});

/** POST /admin/reconciliation/exceptions/{id}/resolve: what the owner found. */
export const ResolveExceptionSchema = z.object({
  note: z
    .string({ error: 'Write what you found (note)' })
    .trim()
    .min(3, 'Write what you found (at least 3 characters)')
    .max(500, 'The note is at most 500 characters'),
});
