import { isIsoDate } from '../domain/bid-validation';
import { LIMIT_FIELDS, REALITY_CHECK_MINUTES } from '../domain/responsible-play';
import { InstantSchema } from './common';
import { z } from './zod';

/** A limit in rupees (or points): a whole, non-negative amount, or null for none. */
const limitValue = z
  .number({ error: 'A limit must be a number of rupees or null' })
  .int('A limit must be a whole number of rupees')
  .min(0, 'A limit cannot be negative')
  .max(10_000_000, 'A limit must be at most 1,00,00,000')
  .nullable();

/** PUT /user/limits: any of the seven limits; null removes one (after 24 hours). */
export const LimitsBodySchema = z
  .object({
    depositDay: limitValue.optional(),
    depositWeek: limitValue.optional(),
    depositMonth: limitValue.optional(),
    lossDay: limitValue.optional(),
    lossWeek: limitValue.optional(),
    lossMonth: limitValue.optional(),
    stakeDay: limitValue.optional(),
    realityCheckMinutes: z
      .union(
        REALITY_CHECK_MINUTES.map((m) => z.literal(m)) as [
          z.ZodLiteral<15>,
          z.ZodLiteral<30>,
          z.ZodLiteral<60>,
        ],
        {
          error: 'The reality check comes every 15, 30 or 60 minutes',
        },
      )
      .optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one limit' });
export type LimitsBody = z.input<typeof LimitsBodySchema>;

const LimitFieldSchema = z.enum(LIMIT_FIELDS);
const amounts = z.object(
  Object.fromEntries(LIMIT_FIELDS.map((f) => [f, z.number().nullable()])) as Record<
    (typeof LIMIT_FIELDS)[number],
    z.ZodNullable<z.ZodNumber>
  >,
);

export const PauseSchema = z
  .object({ kind: z.enum(['time-out', 'self-exclusion']), until: InstantSchema })
  .nullable();
export type Pause = z.infer<typeof PauseSchema>;

/** GET /user/limits (and the operators' read-only view of a player). */
export const LimitsStateSchema = z.object({
  limits: amounts,
  pending: z.array(
    z.object({ field: LimitFieldSchema, value: z.number().nullable(), effectiveAt: InstantSchema }),
  ),
  usage: z.object(
    Object.fromEntries(LIMIT_FIELDS.map((f) => [f, z.number()])) as Record<
      (typeof LIMIT_FIELDS)[number],
      z.ZodNumber
    >,
  ),
  /** When each limit's count starts again. */
  resets: z.object(
    Object.fromEntries(LIMIT_FIELDS.map((f) => [f, InstantSchema])) as Record<
      (typeof LIMIT_FIELDS)[number],
      typeof InstantSchema
    >,
  ),
  pause: PauseSchema,
  realityCheckMinutes: z.number().int(),
  adultConfirmedAt: InstantSchema.nullable(),
});
export type LimitsState = z.infer<typeof LimitsStateSchema>;

export const TimeOutBodySchema = z
  .object({
    days: z.union([z.literal(1), z.literal(7), z.literal(30)], { error: 'A time-out lasts 1, 7 or 30 days' }),
  })
  .strict();
export const SelfExclusionBodySchema = z
  .object({
    months: z.union([z.literal(6), z.literal(12), z.literal(60)], {
      error: 'A self-exclusion lasts 6, 12 or 60 months',
    }),
  })
  .strict();

export const PlaySummaryQuerySchema = z.object({
  since: z
    .string({ error: 'since must be an ISO instant' })
    .refine((s) => s.length <= 40 && !Number.isNaN(Date.parse(s)), 'since must be an ISO instant'),
});
export const PlaySummarySchema = z.object({
  since: InstantSchema,
  bids: z.number().int(),
  stakes: z.number(),
  wins: z.number(),
  net: z.number(),
});
export type PlaySummary = z.infer<typeof PlaySummarySchema>;

export const ResponsiblePlayReportQuerySchema = z.object({
  from: z.string().refine(isIsoDate, 'from must be a date YYYY-MM-DD'),
  to: z.string().refine(isIsoDate, 'to must be a date YYYY-MM-DD'),
});
export const ResponsiblePlayReportSchema = z.object({
  paused: z.array(
    z.object({
      userId: z.string(),
      phone: z.string(),
      kind: z.enum(['time-out', 'self-exclusion']),
      until: InstantSchema,
    }),
  ),
  refusals: z.array(
    z.object({ userId: z.string(), phone: z.string(), limit: z.string(), count: z.number().int() }),
  ),
});
export type ResponsiblePlayReport = z.infer<typeof ResponsiblePlayReportSchema>;
