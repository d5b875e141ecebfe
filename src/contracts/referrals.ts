import { InstantSchema } from './common';
import { z } from './zod';

export const REFERRAL_REWARD_POINTS = 5;

/** GET /referrals: {_id, referee: {name}, status, completedAt}. */
export const ReferralSchema = z.object({
  _id: z.string(),
  referee: z.object({ name: z.string().nullable() }),
  status: z.enum(['pending', 'completed', 'refused']),
  completedAt: InstantSchema.nullable(),
  createdAt: InstantSchema,
});
export type Referral = z.infer<typeof ReferralSchema>;
