import { z } from './zod';

/** GET /admin/single-digit, /jodi-digit, /single-panna, /double-panna, /triple-panna, /all-panna. */
export const CatalogueItemSchema = z.object({ _id: z.string(), digit: z.string() });
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;
