import { z } from 'zod';
import { DateSchema, FamilySchema, InstantSchema } from './common';

export const GAME_TYPE_VALUES = [
  'single-digit',
  'jodi-digit',
  'single-panna',
  'double-panna',
  'triple-panna',
  'full-sangam',
  'half-sangam',
  'sp-motor',
  'dp-motor',
  'sp-dp-tp-motor',
  'odd-even',
  'two-digit',
  'digit-base-jodi',
  'choice-panna',
  'red-bracket',
  'left-digit',
  'right-digit',
  'group-jodi',
  'group-panel',
] as const;

export const MAX_BIDS_PER_REQUEST = 500;

const numberText = (label: string) =>
  z.string({ error: `${label} must be text` }).max(3, `${label} is too long`);

/**
 * One wire row (api.md "Bids"). The shape check per gameType and family lives in
 * src/domain/bid-validation.ts (parseBidRow); this schema only fixes types and sizes.
 */
export const BidRowSchema = z.object({
  game: z.string({ error: 'Game is required' }).min(1, 'Game is required').max(64, 'Invalid game data'),
  gameType: z.enum(GAME_TYPE_VALUES, { error: 'Unknown gameType' }),
  amount: z
    .number({ error: 'Please enter a valid amount' })
    .int('Amount must be a whole number of points')
    .positive('Please enter a valid amount'),
  session: z.enum(['Open', 'Close'], { error: 'Session must be Open or Close' }).optional(),
  digit: numberText('digit').optional(),
  openDigit: numberText('openDigit').optional(),
  closeDigit: numberText('closeDigit').optional(),
  openPanna: numberText('openPanna').optional(),
  closePanna: numberText('closePanna').optional(),
  pannaType: z
    .enum(['SP', 'DP', 'TP', 'ODD', 'EVEN'], { error: 'pannaType must be SP, DP, TP, ODD or EVEN' })
    .optional(),
  bidDate: DateSchema.optional(),
});
export type BidRowBody = z.infer<typeof BidRowSchema>;

export const BidsBodySchema = z.object({
  bids: z
    .array(BidRowSchema, { error: 'Please add at least one bid' })
    .min(1, 'Please add at least one bid')
    .max(MAX_BIDS_PER_REQUEST, `At most ${MAX_BIDS_PER_REQUEST} bids per request`),
});
export type BidsBody = z.infer<typeof BidsBodySchema>;

/** A stored bid as history answers it (product.md "Bid (history)"), money in points. */
export const BidSchema = z.object({
  _id: z.string(),
  createdAt: InstantSchema,
  game: z.object({ _id: z.string(), gameName: z.string() }),
  family: FamilySchema,
  gameType: z.string(),
  bidType: z.string(),
  session: z.enum(['Open', 'Close']).nullable(),
  digit: z.string().nullable(),
  openDigit: z.string().nullable(),
  closeDigit: z.string().nullable(),
  openPanna: z.string().nullable(),
  closePanna: z.string().nullable(),
  pannaType: z.string().nullable(),
  bidDate: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'won', 'lost']),
  winAmount: z.number(),
});
export type Bid = z.infer<typeof BidSchema>;

/** 201 answer of the three bid calls. */
export const BidCreatedSchema = z.object({ bids: z.array(BidSchema), balance: z.number() });
export type BidCreated = z.infer<typeof BidCreatedSchema>;

/** GET /user/all-bids, /user/winners, /user/starline-bid filters. */
export const HistoryQuerySchema = z.object({
  date: DateSchema.optional(),
  marketType: FamilySchema.optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/** product.md "Winner". */
export const WinnerSchema = z.object({
  _id: z.string(),
  resultDate: z.string(),
  gameId: z.object({ _id: z.string(), gameName: z.string() }),
  gameType: z.string(),
  subBid: z.object({
    gameType: z.string(),
    session: z.enum(['Open', 'Close']).nullable(),
    digit: z.string().nullable(),
    openDigit: z.string().nullable(),
    closeDigit: z.string().nullable(),
    openPanna: z.string().nullable(),
    closePanna: z.string().nullable(),
  }),
  amount: z.number(),
  winAmount: z.number(),
  userId: z.string().optional(),
  createdAt: InstantSchema,
});
export type Winner = z.infer<typeof WinnerSchema>;

/** POST /admin/starline/winners, /admin/galidisawar/winners. */
export const WinnersRunSchema = z.object({
  resultDate: DateSchema,
  winners: z.array(z.unknown()).max(100_000).optional(),
});
export type WinnersRun = z.infer<typeof WinnersRunSchema>;
