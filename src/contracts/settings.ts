import { hasSomeField, NOTHING_TO_UPDATE } from './common';
import { z } from './zod';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const httpUrl = (label: string) =>
  optionalText(label, 500).refine(
    (s) => s === '' || /^https?:\/\/[^\s<>"]+$/i.test(s),
    `${label} must be an http(s) URL`,
  );

/** GET /admin/contact, PUT /admin/contact (docs/product.md "contacts"). Empty fields are hidden by the app. */
export const ContactSchema = z.object({
  whatsappnumber: optionalText('WhatsApp number', 20).refine(
    (s) => /^[+\d\s-]*$/.test(s),
    'WhatsApp number must be digits',
  ),
  telegram: optionalText('Telegram', 100).refine(
    (s) => !/[<>"\s]/.test(s),
    'Telegram must be a handle or link',
  ),
  weblink: httpUrl('Website'),
  mobilenumber: optionalText('Contact number', 20).refine(
    (s) => /^[+\d\s-]*$/.test(s),
    'Contact number must be digits',
  ),
  email: optionalText('Email', 200).refine(
    (s) => s === '' || z.email().safeParse(s).success,
    'Email is not valid',
  ),
  additionalLink: httpUrl('Additional link'),
});
export type Contact = z.infer<typeof ContactSchema>;
export const ContactUpdateSchema = ContactSchema.partial()
  .strict()
  .refine(hasSomeField, { message: NOTHING_TO_UPDATE });

/** GET/PUT /admin/app-link. */
export const AppLinkSchema = z.object({ applink: httpUrl('App link') });
export type AppLink = z.infer<typeof AppLinkSchema>;

/** GET/PUT /admin/required-update: the bid amount range in points. */
export const RequiredUpdateSchema = z
  .object({
    min_bidamount: z
      .number({ error: 'min_bidamount must be a number' })
      .int('min_bidamount must be a whole number')
      .min(1, 'min_bidamount must be at least 1')
      .max(10_000_000),
    max_bidamount: z
      .number({ error: 'max_bidamount must be a number' })
      .int('max_bidamount must be a whole number')
      .min(1, 'max_bidamount must be at least 1')
      .max(10_000_000),
  })
  .refine((v) => v.min_bidamount <= v.max_bidamount, {
    path: ['max_bidamount'],
    message: 'max_bidamount must not be below min_bidamount',
  });
export type RequiredUpdate = z.infer<typeof RequiredUpdateSchema>;

/** GET /status (public) and PUT /admin/maintenance. */
export const MaintenanceSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  title: optionalText('Title', 200),
  message: optionalText('Message', 2000),
  completiondatetime: z
    .string({ error: 'completiondatetime must be an ISO date-time' })
    .max(40)
    .refine((s) => s === '' || !Number.isNaN(Date.parse(s)), 'completiondatetime must be an ISO date-time'),
});
export type Maintenance = z.infer<typeof MaintenanceSchema>;
export const MaintenanceUpdateSchema = MaintenanceSchema.partial()
  .strict()
  .refine(hasSomeField, { message: NOTHING_TO_UPDATE });

/**
 * GET /config (public): server facts the app needs before and after sign-in. `marketTz` is the
 * market time zone (MARKET_TZ) every window, market day and history date is read in.
 */
export const ServerConfigSchema = z.object({
  marketTz: z.string().min(1),
  /**
   * real: rupees in and out; points: free to play, no deposits or withdrawals (docs/api.md "Responsible
   * play"). Always sent by this server; optional so a copy kept from an older server still reads.
   */
  moneyMode: z.enum(['real', 'points']).optional(),
});
export type ServerConfig = z.infer<typeof ServerConfigSchema>;

/**
 * The operator's own help text on the player's Responsible Play screen (helplines, support hours);
 * empty: the screen shows only its built-in advice.
 */
export const ResponsiblePlayHelpSchema = z.object({
  helpText: z
    .string({ error: 'helpText must be text' })
    .max(2000, 'Help text must be at most 2000 characters')
    .refine((s) => !/[<>]/.test(s), 'Help text must not contain < or >'),
});
export type ResponsiblePlayHelp = z.infer<typeof ResponsiblePlayHelpSchema>;

export interface Settings {
  contact: Contact;
  'app-link': AppLink;
  'required-update': RequiredUpdate;
  maintenance: Maintenance;
  'responsible-play': ResponsiblePlayHelp;
}

export const SETTING_DEFAULTS: Settings = {
  contact: {
    whatsappnumber: '',
    telegram: '',
    weblink: '',
    mobilenumber: '',
    email: '',
    additionalLink: '',
  },
  'app-link': { applink: '' },
  'required-update': { min_bidamount: 10, max_bidamount: 10000 },
  maintenance: {
    isActive: false,
    title: 'Under Maintenance',
    message: '',
    completiondatetime: '',
  },
  'responsible-play': { helpText: '' },
};
export type SettingKey = keyof Settings;
