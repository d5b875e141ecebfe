import { UUID_RE } from './common';
import { z } from './zod';

export const RISK_KINDS = [
  'shared-device',
  'shared-address',
  'referral-shared',
  'bid-burst',
  'quick-withdrawal',
] as const;
export type RiskKind = (typeof RISK_KINDS)[number];

/** A risk flag: what was seen, about whom, with the evidence; cleared by an operator with a note. */
export const RiskFlagSchema = z.object({
  _id: z.string(),
  kind: z.enum(RISK_KINDS),
  userIds: z.array(z.string()),
  /** The players named by `userIds`, for the console to name them. */
  players: z.array(z.object({ _id: z.string(), name: z.string(), phone: z.string() })),
  evidence: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  clearedAt: z.string().nullable(),
  /** The operator who cleared it; null while open, or when it cleared by itself (clearNote says why). */
  clearedBy: z.string().nullable(),
  clearNote: z.string().nullable(),
});
export type RiskFlag = z.infer<typeof RiskFlagSchema>;

export const RiskFlagQuerySchema = z.object({
  status: z.enum(['open', 'cleared'], { error: 'status must be open or cleared' }).optional(),
  userId: z.string().regex(UUID_RE, 'userId must be a player id').optional(),
});

/** POST /admin/risk-flags/{id}/clear: why it is cleared; a held referral bonus is paid or refused. */
export const RiskFlagClearSchema = z.object({
  note: z
    .string({ error: 'Say why this flag is cleared' })
    .trim()
    .min(1, 'Say why this flag is cleared')
    .max(300, 'At most 300 characters'),
  referral: z.enum(['pay', 'refuse'], { error: 'referral must be pay or refuse' }).optional(),
});
