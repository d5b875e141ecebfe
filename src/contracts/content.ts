import { InstantSchema, text, writeBodies } from './common';
import { z } from './zod';

/**
 * The languages an operator writes a notice, a home banner's caption or a how-to-play video in
 * beside English. English is required (where the kind requires words) and is the fallback: a
 * field left empty in Hindi or Marathi shows the English to that player.
 */
export const CONTENT_LANGUAGES = ['hi', 'mr'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

const noTags = (label: string) => (s: string) =>
  !/<\s*\/?\s*[a-z!]/i.test(s) || `${label} must not contain HTML`;

/** A translated field: may be empty (the English is shown), same cap and no HTML as the English. */
const translation = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => noTags(label)(s) === true, `${label} must not contain HTML`);

/**
 * `texts` of a write: `{hi: {...}, mr: {...}}`, each language's fields of the kind. A language sent
 * replaces that language's texts whole; a language left out keeps what it had.
 */
function textsBody<K extends string>(fields: Record<K, z.ZodType<string>>) {
  const one = z
    .object(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, (v as z.ZodType).optional()])))
    .strict() as unknown as z.ZodType<Partial<Record<K, string>>>;
  return z.object({ hi: one.optional(), mr: one.optional() }, { error: 'texts must be an object' }).strict();
}

/** `texts` as the operators' reads answer it: what each language has (an absent field: English). */
const textsAnswer = z.record(z.string(), z.record(z.string(), z.string()));
export type ContentTexts = Partial<Record<ContentLanguage, Record<string, string>>>;

/** Image URLs: a site path ('/demo/slide-1.svg') or an http(s) URL; never javascript: or data:. */
export const ImageUrlSchema = z
  .string({ error: 'Image URL is required' })
  .trim()
  .min(1, 'Image URL is required')
  .max(1000, 'Image URL must be at most 1000 characters')
  .refine(
    (s) => /^(https?:\/\/|\/)[^\s<>"]*$/i.test(s) && !s.startsWith('//'),
    'Image URL must be an http(s) URL or a site path',
  );

/**
 * A home banner: its image and the caption written for that image (in the request's language,
 * English when that language has none; empty when the operator wrote none). Always sent by this
 * server; optional so a copy the app kept from an older server still reads.
 */
export const SliderSchema = z.object({
  _id: z.string(),
  imageUrl: z.string(),
  caption: z.string().optional(),
  createdAt: InstantSchema,
});
export type Slider = z.infer<typeof SliderSchema>;
const captionText = translation('Caption', 200);
export const SliderBodies = writeBodies({
  imageUrl: ImageUrlSchema,
  caption: captionText.optional(),
  texts: textsBody({ caption: captionText }).optional(),
});

export const NoticeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: InstantSchema,
});
export type Notice = z.infer<typeof NoticeSchema>;
export const NoticeBodies = writeBodies({
  title: text('Title', 200).refine((s) => noTags('Title')(s) === true, 'Title must not contain HTML'),
  message: text('Message', 5000).refine(
    (s) => noTags('Message')(s) === true,
    'Message must not contain HTML',
  ),
  texts: textsBody({ title: translation('Title', 200), message: translation('Message', 5000) }).optional(),
});

export const VideoSchema = z.object({
  _id: z.string(),
  youtubeId: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: InstantSchema,
});
export type Video = z.infer<typeof VideoSchema>;
export const VideoBodies = writeBodies({
  youtubeId: z
    .string({ error: 'YouTube id is required' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{6,20}$/, 'YouTube id must be 6-20 letters, digits, - or _'),
  title: text('Title', 200),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').optional(),
  texts: textsBody({
    title: translation('Title', 200),
    description: translation('Description', 2000),
  }).optional(),
});

export const FooterLinkSchema = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string(),
  updatedAt: InstantSchema,
  createdAt: InstantSchema,
});
export type FooterLink = z.infer<typeof FooterLinkSchema>;
export const FooterLinkBodies = writeBodies({
  title: text('Title', 200),
  texts: textsBody({ title: translation('Title', 200) }).optional(),
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .max(1000, 'URL must be at most 1000 characters')
    .regex(/^https?:\/\/[^\s<>"]+$/i, 'URL must be an http(s) URL'),
});

/** App config item (docs/product.md): _id, imageUrl, app_title. */
export const AppLogoSchema = z.object({
  _id: z.string(),
  imageUrl: z.string(),
  app_title: z.string(),
  createdAt: InstantSchema,
});
export type AppLogo = z.infer<typeof AppLogoSchema>;
export const AppLogoBodies = writeBodies({ imageUrl: ImageUrlSchema, app_title: text('App title', 200) });

/**
 * The operators' reads of the kinds written per language (GET /admin/sliders, /admin/notices,
 * /admin/videos): the English fields and `texts`, what Hindi and Marathi have.
 */
export const SliderAdminSchema = SliderSchema.extend({ texts: textsAnswer });
export const NoticeAdminSchema = NoticeSchema.extend({ texts: textsAnswer });
export const VideoAdminSchema = VideoSchema.extend({ texts: textsAnswer });
export type SliderAdmin = z.infer<typeof SliderAdminSchema>;
export type NoticeAdmin = z.infer<typeof NoticeAdminSchema>;
export type VideoAdmin = z.infer<typeof VideoAdminSchema>;
