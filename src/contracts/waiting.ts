import { z } from './zod';

/**
 * GET /admin/waiting (staff or owner): what waits for THIS operator's approval (four eyes), each
 * kind counted once; nothing they asked for themselves or approved already, nothing their role may
 * not approve (staff approve withdrawals only). The console polls it for the menu's count.
 */
export const WaitingSchema = z.object({
  /** The sum of the kinds below. */
  total: z.number().int(),
  /** New operators, raises to owner, switches back on, password and two-factor resets (owners). */
  operatorChanges: z.number().int(),
  /** Manual credits and debits another owner asked for (owners). */
  walletAdjustments: z.number().int(),
  /** Withdrawals above FOUR_EYES_ABOVE that another operator approved first, without a UTR yet. */
  withdrawals: z.number().int(),
  /** Withdrawals the bank has paid (a UTR named by the first approval, one by one or a payout batch's answer). */
  payoutRows: z.number().int(),
  /** Bank messages matched to a deposit by another operator, waiting for an owner (owners). */
  paymentMatches: z.number().int(),
});
export type Waiting = z.infer<typeof WaitingSchema>;
