import { z } from './zod';

/** Pieces every resource's contract uses: ids, dates, times, points, paging, the envelope. */

export const IdSchema = z.string().min(1, 'Id is required').max(64, 'Id is too long');
/** Server ids are UUIDs; path ids that are not UUIDs are unknown ids (404), never a 500. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A market day or calendar date, 'YYYY-MM-DD'. */
export const DateSchema = z
  .string({ error: 'Date must be YYYY-MM-DD' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Date must be YYYY-MM-DD')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Date must be a real calendar date',
  );

/** A market time 'HH:mm' (24 hours) in the market time zone. */
export const TimeSchema = z
  .string({ error: 'Time must be HH:mm' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm (00:00 to 23:59)');

/** An ISO 8601 instant as it appears in answers. */
export const InstantSchema = z.string();

/** Points with at most two decimals, as money appears in JSON. */
export const PointsSchema = z.number();

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).optional(),
});

export { BLOCKED_MESSAGE, SESSION_EXPIRED } from './messages';

/** Failure envelope: {status: false, message, errors: {field: message}}. */
export const ErrorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Success envelope around any data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string(), data });
}

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal(true),
    message: z.string(),
    data: z.array(item),
    pagination: PaginationSchema,
  });
}

export const MessageEnvelopeSchema = z.object({ status: z.literal(true), message: z.string() });

export const FamilySchema = z.enum(['main', 'starline', 'galidisawar']);
export type Family = z.infer<typeof FamilySchema>;

/** A short trimmed text field with a length cap (titles, names). */
export function text(label: string, max: number, min = 1) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * Keys the reads add. docs/api.md: operator write bodies have the same shape as the objects the reads
 * return, so a client may send a read object back: these keys are accepted and dropped, while
 * truly unknown keys are still refused.
 */
export const READ_ONLY_SHAPE = {
  _id: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
};

type ReadOnlyKey = keyof typeof READ_ONLY_SHAPE;

function stripReadOnly<T>(value: T): Omit<T, ReadOnlyKey> {
  const { _id, createdAt, updatedAt, ...rest } = value as Record<string, unknown>;
  return rest as Omit<T, ReadOnlyKey>;
}

export const NOTHING_TO_UPDATE = 'Nothing to update';

/** A partial update body must change at least one field. */
export const hasSomeField = (v: object): boolean => Object.keys(v).length > 0;

/** Create and update body schemas for a content shape (update: any non-empty subset). */
export function writeBodies<S extends z.ZodRawShape>(shape: S) {
  const create = z
    .object(shape)
    .extend(READ_ONLY_SHAPE)
    .strict()
    .transform((v) => stripReadOnly(v));
  const update = z
    .object(shape)
    .partial()
    .extend(READ_ONLY_SHAPE)
    .strict()
    .transform((v) => stripReadOnly(v))
    .refine(hasSomeField, { message: NOTHING_TO_UPDATE });
  return { create, update };
}
