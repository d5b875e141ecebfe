import { hasSomeField, InstantSchema, NOTHING_TO_UPDATE, UUID_RE } from './common';
import { z } from './zod';

export const MAX_FOLLOWED_MARKETS = 200;
export const RESULTS_CHOICE = 'Results must be all, followed or none';
export const MARKETS_LIST = 'Markets must be a list of market ids';
export const TOO_MANY_MARKETS = 'You can follow at most 200 markets';
export const ON_OR_OFF = 'Choose on or off';

/**
 * GET/PUT /user/notifications: which result pushes a player gets (every market's, only the
 * markets in `markets`, or none), and whether win and fund/withdrawal pushes come.
 */
export const NotificationPrefsSchema = z.object({
  results: z.enum(['all', 'followed', 'none'], { error: RESULTS_CHOICE }),
  markets: z
    .array(z.string({ error: MARKETS_LIST }).regex(UUID_RE, MARKETS_LIST), { error: MARKETS_LIST })
    .max(MAX_FOLLOWED_MARKETS, TOO_MANY_MARKETS),
  wins: z.boolean({ error: ON_OR_OFF }),
  funds: z.boolean({ error: ON_OR_OFF }),
});
export type NotificationPrefs = z.infer<typeof NotificationPrefsSchema>;

/** PUT body: the whole choice, or only the fields that change (at least one). */
export const NotificationPrefsBodySchema = NotificationPrefsSchema.partial()
  .strict()
  .refine(hasSomeField, NOTHING_TO_UPDATE);
export type NotificationPrefsBody = z.infer<typeof NotificationPrefsBodySchema>;

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  results: 'all',
  markets: [],
  wins: true,
  funds: true,
};

/**
 * One of the player's devices that receives pushes (GET /user/devices). `fingerprint` is the
 * first 16 hex digits of the SHA-256 of the device's push token, so the app can tell which one it
 * is itself without the server handing out tokens.
 */
export const DeviceSchema = z.object({
  _id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  fingerprint: z.string(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type Device = z.infer<typeof DeviceSchema>;

/** GET /admin/push-outbox?userId=: a push that reached (or is queued to reach) the player. */
export const PushOutboxItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().optional(),
  createdAt: InstantSchema,
  sentAt: InstantSchema.optional(),
  /** Extra to the contract: 'pending', 'sent', 'failed' or 'skipped' (no device to send to). */
  status: z.string(),
  /** Extra: null for a push to one player, else the market a result push was for. */
  gameId: z.string().nullable(),
});
export type PushOutboxItem = z.infer<typeof PushOutboxItemSchema>;

/**
 * The app page a result push opens: the market's own chart (main), or its family's chart.
 * @example resultLink('main', 'KALYAN NIGHT') // '/game-chart/kalyan%20night'
 */
export function resultLink(family: 'main' | 'starline' | 'galidisawar', gameName: string): string {
  if (family === 'starline') return '/starline-chart';
  if (family === 'galidisawar') return '/galidisawar-chart';
  return `/game-chart/${encodeURIComponent(gameName.toLowerCase())}`;
}
