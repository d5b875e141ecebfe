import { LANGUAGES } from '../i18n/languages';
import { InstantSchema, PointsSchema } from './common';
import { z } from './zod';

/** The player as every user call answers it (docs/product.md section 3, docs/api.md "Objects"). */
export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  image: z.string().nullable(),
  isVerified: z.boolean(),
  balance: PointsSchema,
  globel_batting: z.boolean(),
  isBlocked: z.boolean(),
  referralCode: z.string(),
  referralPoint: PointsSchema,
  referralCount: z.number().int(),
  createdAt: InstantSchema,
  /** Issue 22: the player's saved language (messages, SMS and pushes follow it). */
  language: z.enum(LANGUAGES),
  /**
   * Issue 39: when the player's last time-out or self-exclusion ends (null: never paused; a past
   * instant: over), so every screen says so before a bid or deposit is tried. The server refuses
   * them whatever a screen says.
   */
  pausedUntil: InstantSchema.nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * GET /admin/users: a player as the operators' list shows them, with the time-out or
 * self-exclusion in force (null when they are not paused).
 */
export const PlayerRowSchema = UserSchema.extend({
  pause: z.object({ kind: z.enum(['time-out', 'self-exclusion']), until: InstantSchema }).nullable(),
});
export type PlayerRow = z.infer<typeof PlayerRowSchema>;

/** PUT /user/language: the player's choice of language. */
export const LanguageBodySchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose en, hi or mr' }),
});
export type LanguageBody = z.infer<typeof LanguageBodySchema>;

/** PATCH /admin/users/{id}: an operator switches betting or blocks a player. */
export const UserPatchSchema = z
  .object({
    globel_batting: z.boolean({ error: 'globel_batting must be true or false' }).optional(),
    isBlocked: z.boolean({ error: 'isBlocked must be true or false' }).optional(),
  })
  .strict()
  .refine((v) => v.globel_batting !== undefined || v.isBlocked !== undefined, {
    message: 'Send globel_batting or isBlocked',
  });
export type UserPatch = z.infer<typeof UserPatchSchema>;

export const UserListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});

/** GET /user/users-counts (operators). */
export const UserCountsSchema = z.object({
  total: z.number().int(),
  verified: z.number().int(),
  unverified: z.number().int(),
  blocked: z.number().int(),
  bettingDisabled: z.number().int(),
  today: z.number().int(),
});
export type UserCounts = z.infer<typeof UserCountsSchema>;

/**
 * GET /dashboard-stats (operators). Money in points. `bidsToday` is every bid of the market day,
 * results or not; `settledToday` only those with a result (their net is the house's result so
 * far) and `pendingToday` those still waiting for one (their stake is neither won nor lost yet).
 * `users.verified` counts players who finished registering (their phone verified).
 */
export const DashboardStatsSchema = z.object({
  users: UserCountsSchema,
  games: z.object({ main: z.number().int(), starline: z.number().int(), galidisawar: z.number().int() }),
  bidsToday: z.object({ count: z.number().int(), amount: PointsSchema }),
  winningsToday: PointsSchema,
  settledToday: z.object({
    count: z.number().int(),
    stake: PointsSchema,
    payout: PointsSchema,
    /** stake - payout of the bids with a result: the house's result so far today. */
    net: PointsSchema,
  }),
  pendingToday: z.object({ count: z.number().int(), stake: PointsSchema }),
  pendingFundRequests: z.number().int(),
  pendingWithdrawals: z.number().int(),
  totalBalance: PointsSchema,
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** GET /admin/dashboard/today (operators). Money in points. */
export const TodayActivitySchema = z.object({
  playersOnline: z.number().int(),
  markets: z
    .object({
      gameId: z.string(),
      gameName: z.string(),
      family: z.string(),
      session: z.string().nullable(),
      bids: z.number().int(),
      stakes: PointsSchema,
    })
    .array(),
});

/** GET /admin/users/{id}/activity (operators). */
export const PlayerActivitySchema = z.object({
  lastLoginAt: InstantSchema.nullable(),
  lastSeenAt: InstantSchema.nullable(),
  referredBy: z.string().nullable(),
  referrals: z
    .object({
      name: z.string(),
      phone: z.string(),
      status: z.string(),
      reward: PointsSchema,
      createdAt: InstantSchema.nullable(),
    })
    .array(),
});
