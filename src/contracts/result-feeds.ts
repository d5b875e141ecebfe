import { DateSchema, IdSchema, InstantSchema } from './common';
import { z } from './zod';

/**
 * Result feeds (docs/api.md "Result feeds: results that declare themselves, checked by two
 * sources") and chart history ("Chart history: years of results on day one").
 */

/** A source's name: it is part of the push address. */
const SourceName = z
  .string({ error: 'Name is required' })
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'Name must be 1 to 40 letters, digits or -');

const SourceUrl = z
  .string()
  .trim()
  .max(2000, 'The address is too long')
  .regex(/^https?:\/\/[^\s]+$/i, 'The address must be an http:// or https:// URL');

/** The source's market names (compared without case or spaces) to our games' ids. */
const Markets = z
  .record(
    z.string().trim().min(1, 'A market name is required').max(80, 'A market name is too long'),
    IdSchema,
  )
  .refine((m) => Object.keys(m).length <= 500, 'At most 500 markets');

/** POST /admin/result-sources. */
export const ResultSourceBodySchema = z.object({
  name: SourceName,
  kind: z.enum(['push', 'json-url'], { error: 'Kind must be push or json-url' }),
  url: SourceUrl.nullable().optional(),
  enabled: z.boolean().default(true),
  markets: Markets.default({}),
});
export type ResultSourceBody = z.infer<typeof ResultSourceBodySchema>;

/** PATCH /admin/result-sources/{id}: any of the fields. */
export const ResultSourcePatchSchema = z.object({
  name: SourceName.optional(),
  kind: z.enum(['push', 'json-url'], { error: 'Kind must be push or json-url' }).optional(),
  url: SourceUrl.nullable().optional(),
  enabled: z.boolean().optional(),
  markets: Markets.optional(),
});
export type ResultSourcePatch = z.infer<typeof ResultSourcePatchSchema>;

export const ResultSourceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(['push', 'json-url']),
  url: z.string().nullable(),
  enabled: z.boolean(),
  markets: z.record(z.string(), z.string()),
  /** Where a push source posts, with the secret left as a placeholder (it is never shown). */
  pushPath: z.string().nullable(),
  /** Whether RESULT_FEED_SECRET is set (without it every push answers 404). */
  secretSet: z.boolean(),
  lastPolledAt: InstantSchema.nullable(),
  lastError: z.string().nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type ResultSource = z.infer<typeof ResultSourceSchema>;

export const REPORT_OUTCOMES = ['agreed', 'waiting', 'conflict', 'invalid', 'early', 'stale'] as const;

/** One stored report (a main "123-68-440" is two: open and close). */
export const ResultReportSchema = z.object({
  _id: z.string(),
  source: z.string(),
  receivedAt: InstantSchema,
  /** The market as the source named it. */
  market: z.string(),
  gameId: z.string().nullable(),
  gameName: z.string().nullable(),
  date: z.string().nullable(),
  session: z.enum(['open', 'close']).nullable(),
  panna: z.string().optional(),
  digit: z.string().optional(),
  jodi: z.string().optional(),
  outcome: z.enum(REPORT_OUTCOMES),
  reason: z.string().optional(),
});
export type ResultReport = z.infer<typeof ResultReportSchema>;

export const ResultReportQuerySchema = z.object({
  gameId: z.string().max(64, 'gameId is too long').optional(),
  date: DateSchema.optional(),
});

/** POST /admin/charts/import?gameId=&dryRun= (the body is the CSV). */
export const ChartImportQuerySchema = z.object({
  gameId: IdSchema,
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).default('true'),
});

export const ChartImportAnswerSchema = z.object({
  added: z.number().int(),
  unchanged: z.number().int(),
  holidays: z.number().int(),
  conflicts: z.array(z.object({ date: z.string(), existing: z.string(), imported: z.string() })),
  invalid: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type ChartImportAnswer = z.infer<typeof ChartImportAnswerSchema>;

export const ChartExportQuerySchema = z.object({ gameId: IdSchema });
