import { FamilySchema } from './common';
import { z } from './zod';

/**
 * The data of a `result` or `revert` event on GET /api/v1/events (Server-Sent Events). `session`
 * is the main market's half ('open' or 'close'); null for a one-draw game (starline, galidisawar)
 * and for a revert, which takes back the market's whole day. A result carries what was declared:
 * the panna and its digit (for a main close also the day's jodi), or a galidisawar jodi.
 * @example {family: 'main', gameId: '…', gameName: 'KALYAN', resultDate: '2026-11-24', session: 'open', panna: '128', digit: '1'}
 */
export const ResultEventSchema = z.object({
  family: FamilySchema,
  gameId: z.string(),
  gameName: z.string(),
  resultDate: z.string(),
  session: z.enum(['open', 'close']).nullable(),
  panna: z.string().optional(),
  digit: z.string().optional(),
  jodi: z.string().optional(),
});
export type ResultEvent = z.infer<typeof ResultEventSchema>;

/** The two event names of the stream (and `ready`, sent once when a stream opens). */
export type LiveEventName = 'result' | 'revert';
