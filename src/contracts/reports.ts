import { DateSchema, InstantSchema, PointsSchema } from './common';
import { z } from './zod';

/** How long a report or export may reach: a year of market days (a leap year's 366). */
export const REPORT_MAX_DAYS = 366;
export const FROM_AFTER_TO = 'from must not be after to';
export const RANGE_TOO_LONG = `At most ${REPORT_MAX_DAYS} days at a time`;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** from..to: market days, both included, from not after to, at most REPORT_MAX_DAYS of them. */
const rangeShape = { from: DateSchema, to: DateSchema };
function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['from'], message: FROM_AFTER_TO });
  else if (daysBetween(v.from, v.to) > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_TOO_LONG });
}

export const PNL_GROUPINGS = ['market', 'gameType', 'day'] as const;
export type PnlGrouping = (typeof PNL_GROUPINGS)[number];

/** GET /admin/reports/pnl?from=&to=&by= (by defaults to day). */
export const PnlQuerySchema = z
  .object({
    ...rangeShape,
    by: z.enum(PNL_GROUPINGS, { error: 'by must be market, gameType or day' }).default('day'),
  })
  .superRefine(checkRange);
export type PnlQuery = z.infer<typeof PnlQuerySchema>;

const pnlFigures = {
  /** How many bids (one per atom) those market days hold. */
  bids: z.number().int(),
  /** The sum of their stakes. */
  stake: PointsSchema,
  /** What their wins credited, after any revert (a reverted win is not counted). */
  payout: PointsSchema,
  /** stake - payout: the house's result. */
  net: PointsSchema,
  /** The part of the stake still waiting for a result (its payout is not known yet). */
  pending: PointsSchema,
  /**
   * stake - pending - payout: the house's result on the bids that have their result (issue 49).
   * `net` counts a stake still waiting as won; this does not.
   */
  settledNet: PointsSchema,
};

/**
 * One group: a market (`key` its game's `_id`, `family` beside it), a gameType (`key` like
 * `single-digit`) or a market day (`key` YYYY-MM-DD).
 */
export const PnlRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  family: z.enum(['main', 'starline', 'galidisawar']).optional(),
  ...pnlFigures,
});
export type PnlRow = z.infer<typeof PnlRowSchema>;

export const PnlReportSchema = z.object({
  from: DateSchema,
  to: DateSchema,
  by: z.enum(PNL_GROUPINGS),
  rows: z.array(PnlRowSchema),
  totals: z.object(pnlFigures),
});
export type PnlReport = z.infer<typeof PnlReportSchema>;

export const EXPORT_KINDS = ['bids', 'ledger', 'funds', 'withdrawals'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** GET /admin/exports/{kind}.csv?from=&to=: market days, as the reports take them. */
export const ExportQuerySchema = z.object(rangeShape).superRefine(checkRange);

export const WATCHDOG_KINDS = [
  'ledger-drift',
  'stuck-settlement',
  'missed-draw',
  'old-pending',
  'forwarder-quiet',
  'result-conflict',
] as const;

/** One open finding of the watchdog. */
export const WatchdogFindingSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  severity: z.enum(['critical', 'warning']),
  detail: z.string(),
  since: InstantSchema,
  /** The last pass that still saw it. */
  seenAt: InstantSchema,
  userId: z.string().optional(),
});
export type WatchdogFinding = z.infer<typeof WatchdogFindingSchema>;

/** GET /admin/watchdog: the open findings and how each check went on the last pass. */
export const WatchdogSchema = z.object({
  /** When the last pass finished (null before the first). */
  checkedAt: InstantSchema.nullable(),
  /** How often a pass runs (WATCHDOG_INTERVAL_MS): a checkedAt much older says the watchdog stopped. */
  intervalMs: z.number().int(),
  findings: z.array(WatchdogFindingSchema),
  checks: z.array(
    z.object({
      kind: z.string(),
      ok: z.boolean(),
      ms: z.number(),
      error: z.string().optional(),
      /** Why the check did not judge this pass (the server was starting). */
      note: z.string().optional(),
    }),
  ),
});
export type Watchdog = z.infer<typeof WatchdogSchema>;
