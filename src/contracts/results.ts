import { DateSchema, IdSchema, InstantSchema } from './common';
import { z } from './zod';

/**
 * Where a declared result came from (issue 46): an operator, the automatic draw of a demo market,
 * the result feed's agreeing sources (their names, for operators only), or a chart import (no
 * declaration time: it settles nothing). `declaredAt` is when the players saw it.
 */
export const ResultProvenanceSchema = z.object({
  declaredAt: InstantSchema.nullable(),
  declaredBy: z.enum(['operator', 'draw', 'feed', 'import']),
  sources: z.array(z.string()).optional(),
});
export type ResultProvenance = z.infer<typeof ResultProvenanceSchema>;

/** A row's own provenance (a main result's newest half) and whether the day came from a chart file. */
const RowProvenance = { ...ResultProvenanceSchema.shape, imported: z.boolean() };

const PannaDigitSchema = z.object({ panna: z.string(), digit: z.string(), ...ResultProvenanceSchema.shape });

/** Main result (docs/product.md section 3): open and close halves, each null until declared. */
export const MainResultSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  resultDate: z.string(),
  openPanna: PannaDigitSchema.nullable(),
  closePanna: PannaDigitSchema.nullable(),
  ...RowProvenance,
  createdAt: InstantSchema,
});
export type MainResult = z.infer<typeof MainResultSchema>;

export const StarlineResultSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  openTime: z.string(),
  resultDate: z.string(),
  panna: z.string().nullable(),
  digit: z.string().nullable(),
  ...RowProvenance,
  createdAt: InstantSchema,
});
export type StarlineResult = z.infer<typeof StarlineResultSchema>;

export const GaliResultSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  openTime: z.string(),
  resultDate: z.string(),
  jodiDigit: z.string().nullable(),
  ...RowProvenance,
  createdAt: InstantSchema,
});
export type GaliResult = z.infer<typeof GaliResultSchema>;

/** Filters of /admin/all-result, /all-starline-result, /all-gali-result (market days). */
export const ResultQuerySchema = z.object({
  gameId: z.string().max(64, 'gameId is too long').optional(),
  date: DateSchema.optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
});
export type ResultQuery = z.infer<typeof ResultQuerySchema>;

const panna = z.string({ error: 'Panna is required' }).regex(/^\d{3}$/, 'Panna must be 3 digits');

/** POST /admin/results/main (operators). */
export const DeclareMainResultSchema = z.object({
  gameId: IdSchema,
  resultDate: DateSchema,
  session: z.enum(['open', 'close'], { error: 'Session must be open or close' }),
  panna,
});
export type DeclareMainResult = z.infer<typeof DeclareMainResultSchema>;

export const DeclareStarlineResultSchema = z.object({ gameId: IdSchema, resultDate: DateSchema, panna });
export type DeclareStarlineResult = z.infer<typeof DeclareStarlineResultSchema>;

export const DeclareGaliResultSchema = z.object({
  gameId: IdSchema,
  resultDate: DateSchema,
  jodi: z.string({ error: 'Jodi is required' }).regex(/^\d{2}$/, 'Jodi must be 2 digits'),
});
export type DeclareGaliResult = z.infer<typeof DeclareGaliResultSchema>;

export const SettlementSummarySchema = z.object({
  settledBids: z.number().int(),
  winners: z.number().int(),
  totalWinAmount: z.number(),
});
export type SettlementSummary = z.infer<typeof SettlementSummarySchema>;

export const DeclareAnswerSchema = z.object({
  result: z.union([MainResultSchema, StarlineResultSchema, GaliResultSchema]),
  settlement: SettlementSummarySchema,
});

/** GET /admin/results/preview: the declaration an operator is about to make (issue 12). */
export const ResultPreviewQuerySchema = z.object({
  family: z.enum(['main', 'starline', 'galidisawar'], {
    error: 'family must be main, starline or galidisawar',
  }),
  gameId: IdSchema,
  resultDate: DateSchema,
  session: z.enum(['open', 'close'], { error: 'Session must be open or close' }).optional(),
  panna: z.string().trim().max(3).optional(),
  jodi: z.string().trim().max(2).optional(),
});

const ExposureSchema = z.object({
  result: z.string(),
  winningBids: z.number().int(),
  winners: z.number().int(),
  payout: z.number(),
});

export const ResultPreviewSchema = z.object({
  gameName: z.string(),
  resultDate: z.string(),
  session: z.enum(['open', 'close']).nullable(),
  pendingBids: z.number().int(),
  stakes: z.number(),
  chosen: ExposureSchema,
  mostExpensive: ExposureSchema.array(),
});
