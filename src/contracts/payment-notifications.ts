import { InstantSchema, UUID_RE } from './common';
import { z } from './zod';

/** What became of a message forwarded from the payee's phone (docs/api.md "Automatic UPI deposits"). */
export const NOTIFY_OUTCOMES = ['matched', 'duplicate', 'unmatched', 'ignored'] as const;
export type NotifyOutcome = (typeof NOTIFY_OUTCOMES)[number];

/** GET /admin/payment-notifications: one message, newest first. */
export const PaymentNotificationSchema = z.object({
  _id: z.string(),
  receivedAt: InstantSchema,
  /** The sender as the phone showed it (a bank's sender id, a number), when the forwarder said. */
  from: z.string().nullable(),
  text: z.string(),
  /** Points (= rupees) the message says were received, when it says. */
  amount: z.number().nullable(),
  utr: z.string().nullable(),
  outcome: z.enum(NOTIFY_OUTCOMES),
  /**
   * One word: why it was ignored or left unmatched (debit, otp, sender, on-hold, no-order,
   * above-auto-limit, order-closed...) or how it found its order (amount, reference, utr, operator).
   */
  reason: z.string(),
  /** The order it credited, repeats, or may belong to. */
  orderId: z.string().optional(),
  fundId: z.string().optional(),
  /** An operator matched it. */
  matchedAt: InstantSchema.optional(),
  matchedBy: z.string().nullable().optional(),
  /**
   * The fund request it credited (`fundId`), or that the waiting match would credit: its amount
   * and its player, so the inbox and the audit log say whose request it is.
   */
  fund: z.object({ amount: z.number(), user: z.object({ name: z.string(), phone: z.string() }) }).optional(),
  /** An operator's match that waits for another owner's approval (POST .../approve). */
  waitingMatch: z
    .object({
      fundId: z.string(),
      /** The operator who asked (their id, and name for the console). */
      requestedBy: z.string(),
      requestedByName: z.string(),
      requestedAt: InstantSchema,
    })
    .optional(),
});
export type PaymentNotification = z.infer<typeof PaymentNotificationSchema>;

export const NotificationsQuerySchema = z.object({
  outcome: z
    .enum(NOTIFY_OUTCOMES, { error: 'outcome must be matched, duplicate, unmatched or ignored' })
    .optional(),
});

/** POST /admin/payment-notifications/{id}/match: the fund request the message pays. */
export const MatchNotificationSchema = z.object({
  fundId: z.string({ error: 'fundId is required' }).regex(UUID_RE, 'fundId must be the id of a fund request'),
});

/** GET /admin/payment-notifications/health. */
export const ForwarderHealthSchema = z.object({
  lastReceivedAt: InstantSchema.nullable(),
  openOrders: z.number().int(),
  quiet: z.boolean(),
});
export type ForwarderHealth = z.infer<typeof ForwarderHealthSchema>;
