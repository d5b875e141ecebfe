import { DateSchema, FamilySchema, InstantSchema } from './common';
import { z } from './zod';

/** The session and numbers a bid was placed with (null where its gameType has none). */
const BID_NUMBERS = {
  session: z.enum(['Open', 'Close']).nullable(),
  digit: z.string().nullable(),
  openDigit: z.string().nullable(),
  closeDigit: z.string().nullable(),
  openPanna: z.string().nullable(),
  closePanna: z.string().nullable(),
};

/** A stored bid as history answers it (docs/product.md "Bid (history)"), money in points. */
export const BidSchema = z.object({
  _id: z.string(),
  createdAt: InstantSchema,
  game: z.object({ _id: z.string(), gameName: z.string() }),
  family: FamilySchema,
  gameType: z.string(),
  bidType: z.string(),
  ...BID_NUMBERS,
  pannaType: z.string().nullable(),
  bidDate: z.string(),
  amount: z.number(),
  /**
   * The rate the bid keeps, "10 KA 95" = {point: 10, amount: 95}: a win pays amount x amount/point
   * (docs/api.md "A bid keeps the rate it was placed at"). Null only on a bid settled before the
   * rate was stored (migration 025).
   */
  rate: z.object({ point: z.number(), amount: z.number() }).nullable(),
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

/** docs/product.md "Winner". */
export const WinnerSchema = z.object({
  _id: z.string(),
  resultDate: z.string(),
  gameId: z.object({ _id: z.string(), gameName: z.string() }),
  gameType: z.string(),
  subBid: z.object({
    gameType: z.string(),
    ...BID_NUMBERS,
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
