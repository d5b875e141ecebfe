import { InstantSchema } from './common';
import { z } from './zod';

export const FUND_QUICK_AMOUNTS = [500, 1000, 5000, 10000, 50000, 100000] as const;

/** POST /user/fund {amount}: whole points. */
export const FundBodySchema = z.object({
  amount: z
    .number({ error: 'Please enter a valid amount' })
    .int('Amount must be a whole number of points')
    .positive('Please enter a valid amount')
    .max(1_000_000, 'Amount is too large'),
});
export type FundBody = z.infer<typeof FundBodySchema>;

export const FundCreatedSchema = z.object({
  fundId: z.string(),
  orderId: z.string(),
  paymentUrl: z.string(),
  /** Direct UPI with automatic matching: the exact amount to pay (the amount plus 1-99 paise). */
  payAmount: z.number().optional(),
  /** ...and the short code in the payment's UPI note. */
  reference: z.string().optional(),
  /** ...or, every exact amount of this amount being held: pay the amount and send the UTR. */
  byUtr: z.boolean().optional(),
});
export type FundCreated = z.infer<typeof FundCreatedSchema>;

/** docs/product.md "Fund request": balance is the amount. */
export const FundRequestSchema = z.object({
  _id: z.string(),
  createdAt: InstantSchema,
  balance: z.number(),
  amount: z.number(),
  status: z.enum(['pending', 'success', 'rejected']),
  orderId: z.string().nullable(),
  /** sandbox, cashfree or upi; null for a request without a payment order. */
  provider: z.string().nullable().optional(),
  /** Direct UPI: the 12-digit UTR the player submitted, for the operator to match. */
  utr: z.string().nullable().optional(),
  /** The gateway reported a different amount or currency: an operator decides. */
  needsReview: z.boolean().optional(),
  /** Why it was closed, when the server says ("Cancelled by you"). */
  reason: z.string().optional(),
  user: z.object({ _id: z.string(), name: z.string(), phone: z.string() }).optional(),
});
export type FundRequest = z.infer<typeof FundRequestSchema>;

/** GET /api/payment/orders/{order_id}/status, POST /api/payment/orders/{order_id}/cancel. */
export const PaymentOrderSchema = z.object({
  orderId: z.string(),
  orderAmount: z.number(),
  orderStatus: z.enum(['SUCCESS', 'FAILED', 'PENDING']),
  createdAt: InstantSchema,
  /** Direct UPI: the UTR the player sent. */
  utr: z.string().optional(),
  /** Automatic UPI matching: the exact amount to pay and the note's short code. */
  payAmount: z.number().optional(),
  reference: z.string().optional(),
  /** A pending order can be paid until then. */
  payBy: InstantSchema.optional(),
  /** The server credits it by itself when the payee's bank confirms the payment. */
  waiting: z.boolean().optional(),
  /** Still pending with no UTR and no payment: the player may cancel it. */
  cancellable: z.boolean().optional(),
  /** Why it was closed ("Cancelled by you"). */
  reason: z.string().optional(),
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

/** A UPI transaction reference (UTR / RRN) as banking apps show it: 12 digits. */
export const UTR_RE = /^\d{12}$/;
export const UTR_MESSAGE = 'Please enter the 12-digit UTR number of your payment';

/** POST /api/payment/orders/{orderId}/utr {utr}: the direct-UPI player's proof of payment. */
export const UtrBodySchema = z.object({
  utr: z.string({ error: UTR_MESSAGE }).trim().regex(UTR_RE, UTR_MESSAGE),
});
export const OrderStatusAnswerSchema = z.object({ status: z.literal(true), order: PaymentOrderSchema });
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswerSchema>;

/** POST /api/payment/notify/{secret}: the stored message and what became of it. */
export const NotifyAnswerSchema = z
  .object({
    _id: z.string(),
    outcome: z.enum(['matched', 'duplicate', 'unmatched', 'ignored']),
    /** One word: why (no-order, on-hold, debit, above-auto-limit...) or how it matched (amount, reference, utr). */
    reason: z.string(),
  })
  .nullable();
