import { InstantSchema, text, writeBodies } from './common';
import { z } from './zod';

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

const noTags = (label: string) => (s: string) =>
  !/<\s*\/?\s*[a-z!]/i.test(s) || `${label} must not contain HTML`;

export const SliderSchema = z.object({ _id: z.string(), imageUrl: z.string(), createdAt: InstantSchema });
export type Slider = z.infer<typeof SliderSchema>;
export const SliderBodies = writeBodies({ imageUrl: ImageUrlSchema });

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
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .max(1000, 'URL must be at most 1000 characters')
    .regex(/^https?:\/\/[^\s<>"]+$/i, 'URL must be an http(s) URL'),
});

/** App config item (product.md): _id, imageUrl, app_title. */
export const AppLogoSchema = z.object({
  _id: z.string(),
  imageUrl: z.string(),
  app_title: z.string(),
  createdAt: InstantSchema,
});
export type AppLogo = z.infer<typeof AppLogoSchema>;
export const AppLogoBodies = writeBodies({ imageUrl: ImageUrlSchema, app_title: text('App title', 200) });
