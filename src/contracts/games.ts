import {
  FamilySchema,
  hasSomeField,
  InstantSchema,
  NOTHING_TO_UPDATE,
  READ_ONLY_SHAPE,
  TimeSchema,
  text,
} from './common';
import { z } from './zod';

export const DayScheduleSchema = z.object({
  openTime: TimeSchema,
  closeTime: TimeSchema.nullable(),
  marketStatus: z.boolean({ error: 'marketStatus must be true or false' }),
});
export type DaySchedule = z.infer<typeof DayScheduleSchema>;

export const WeekScheduleSchema = z.object({
  sunday: DayScheduleSchema,
  monday: DayScheduleSchema,
  tuesday: DayScheduleSchema,
  wednesday: DayScheduleSchema,
  thursday: DayScheduleSchema,
  friday: DayScheduleSchema,
  saturday: DayScheduleSchema,
});
export type WeekSchedule = z.infer<typeof WeekScheduleSchema>;

const PannaDigitSchema = z.object({ panna: z.string(), digit: z.string() });

/** Today's result on a game card (the game's current market day), null when nothing is declared. */
export const MainTodayResultSchema = z.object({
  _id: z.string(),
  resultDate: z.string(),
  openPanna: PannaDigitSchema.nullable(),
  closePanna: PannaDigitSchema.nullable(),
});
export const StarlineTodayResultSchema = z.object({
  _id: z.string(),
  resultDate: z.string(),
  panna: z.string().nullable(),
  digit: z.string().nullable(),
});
export const GaliTodayResultSchema = z.object({
  _id: z.string(),
  resultDate: z.string(),
  jodiDigit: z.string().nullable(),
});

const gameBase = {
  _id: z.string(),
  family: FamilySchema,
  gameName: z.string(),
  openTime: z.string(),
  isActive: z.boolean(),
  currentMarketStatus: z.boolean(),
  marketStatus: z.boolean(),
  /** Demo markets: the server draws their results itself. */
  autoResult: z.boolean(),
  /** The market day today's result fields and windows refer to (YYYY-MM-DD). */
  marketDay: z.string(),
  createdAt: InstantSchema,
};

export const MainGameSchema = z.object({
  ...gameBase,
  family: z.literal('main'),
  closeTime: z.string(),
  schedule: WeekScheduleSchema,
  todayResult: MainTodayResultSchema.nullable(),
});
export type MainGame = z.infer<typeof MainGameSchema>;

export const StarlineGameSchema = z.object({
  ...gameBase,
  family: z.literal('starline'),
  closeTime: z.string().nullable(),
  schedule: WeekScheduleSchema.nullable(),
  todayResult: StarlineTodayResultSchema.nullable(),
});
export type StarlineGame = z.infer<typeof StarlineGameSchema>;

export const GaliGameSchema = z.object({
  ...gameBase,
  family: z.literal('galidisawar'),
  closeTime: z.string().nullable(),
  schedule: WeekScheduleSchema.nullable(),
  todayResult: GaliTodayResultSchema.nullable(),
});
export type GaliGame = z.infer<typeof GaliGameSchema>;

export type AnyGame = MainGame | StarlineGame | GaliGame;

/** Read-only keys of a game object: sent back in a write body, they are accepted and dropped. */
const GAME_READ_ONLY = {
  ...READ_ONLY_SHAPE,
  family: z.unknown().optional(),
  marketDay: z.unknown().optional(),
  todayResult: z.unknown().optional(),
};

const bool = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** POST /admin/{main,starline,galidisawar}-games: same shape as the reads. */
export const GameCreateSchema = z
  .object({
    gameName: text('Game name', 80).refine((s) => !/[<>]/.test(s), 'Game name must not contain < or >'),
    openTime: TimeSchema,
    closeTime: TimeSchema.nullable().optional(),
    isActive: bool('isActive').default(true),
    currentMarketStatus: bool('currentMarketStatus').default(true),
    marketStatus: bool('marketStatus').default(true),
    autoResult: bool('autoResult').default(false),
    schedule: WeekScheduleSchema.partial().optional(),
  })
  .extend(GAME_READ_ONLY)
  .strict()
  .transform(({ _id, createdAt, updatedAt, family, marketDay, todayResult, ...game }) => game);
export type GameCreate = z.input<typeof GameCreateSchema>;

/** PUT /admin/...-games/{id}: any subset of the fields. */
export const GameUpdateSchema = z
  .object({
    gameName: text('Game name', 80).refine((s) => !/[<>]/.test(s), 'Game name must not contain < or >'),
    openTime: TimeSchema,
    closeTime: TimeSchema.nullable(),
    isActive: bool('isActive'),
    currentMarketStatus: bool('currentMarketStatus'),
    marketStatus: bool('marketStatus'),
    autoResult: bool('autoResult'),
    schedule: WeekScheduleSchema.partial(),
  })
  .partial()
  .extend(GAME_READ_ONLY)
  .strict()
  .transform(({ _id, createdAt, updatedAt, family, marketDay, todayResult, ...game }) => game)
  .refine(hasSomeField, { message: NOTHING_TO_UPDATE });
export type GameUpdate = z.input<typeof GameUpdateSchema>;
