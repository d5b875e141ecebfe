import { type Family, READ_ONLY_SHAPE } from './common';
import { z } from './zod';

export const RATE_KEYS_BY_FAMILY = {
  main: ['singleDigit', 'jodiDigit', 'singlePanna', 'doublePanna', 'triplePanna', 'halfSangam', 'fullSangam'],
  starline: ['singleDigit', 'singlePanna', 'doublePanna', 'triplePanna'],
  galidisawar: ['jodiDigit', 'leftDigit', 'rightDigit'],
} as const satisfies Record<Family, readonly string[]>;

const ALL_RATE_KEYS = [
  'singleDigit',
  'jodiDigit',
  'singlePanna',
  'doublePanna',
  'triplePanna',
  'halfSangam',
  'fullSangam',
  'leftDigit',
  'rightDigit',
] as const;

const rateNumber = (key: string) =>
  z
    .number({ error: `${key} must be a number` })
    .int(`${key} must be a whole number`)
    .min(1, `${key} must be at least 1`)
    .max(100_000_000, `${key} is too large`);

const flatShape = Object.fromEntries(
  ALL_RATE_KEYS.flatMap((k) => [
    [`${k}Point`, rateNumber(`${k}Point`).optional()],
    [`${k}Amount`, rateNumber(`${k}Amount`).optional()],
  ]),
) as Record<`${(typeof ALL_RATE_KEYS)[number]}${'Point' | 'Amount'}`, z.ZodOptional<z.ZodNumber>>;

/** One rate table entry as the reads answer it: `_id` plus flat `xxxPoint`/`xxxAmount` numbers. */
export const RatesEntrySchema = z.object({ _id: z.string(), ...flatShape, updatedAt: z.string() });
export type RatesEntry = z.infer<typeof RatesEntrySchema>;

/**
 * The keys a family's rate table may be written with. docs/product.md section 3 gives main and starline
 * one shape (single/jodi/panna/sangam pairs), so a starline table takes the main keys too and a
 * client can send back what it read; starline bets pay only from the keys they settle with.
 */
export const WRITABLE_RATE_KEYS: Record<Family, readonly string[]> = {
  main: RATE_KEYS_BY_FAMILY.main,
  starline: RATE_KEYS_BY_FAMILY.main,
  galidisawar: RATE_KEYS_BY_FAMILY.galidisawar,
};

/** PUT body for one family: only that family's keys (see WRITABLE_RATE_KEYS). */
export function ratesUpdateSchema(family: Family) {
  const keys = WRITABLE_RATE_KEYS[family];
  const shape = Object.fromEntries(
    keys.flatMap((k) => [
      [`${k}Point`, rateNumber(`${k}Point`).optional()],
      [`${k}Amount`, rateNumber(`${k}Amount`).optional()],
    ]),
  );
  return z
    .object(shape)
    .extend(READ_ONLY_SHAPE)
    .strict()
    .transform(({ _id, createdAt, updatedAt, ...rates }) => rates as Record<string, number>)
    .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one rate' });
}
export type RatesUpdate = Partial<Record<string, number>>;
