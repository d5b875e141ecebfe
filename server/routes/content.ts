import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import {
  AppLogoBodies,
  AppLogoSchema,
  FooterLinkBodies,
  FooterLinkSchema,
  NoticeAdminSchema,
  NoticeBodies,
  NoticeSchema,
  SliderAdminSchema,
  SliderBodies,
  SliderSchema,
  VideoAdminSchema,
  VideoBodies,
  VideoSchema,
} from '../../src/contracts/content';
import type { AuthRequirement } from '../http/auth';
import { ok } from '../http/envelope';
import { cachedOk } from '../http/read-cache';
import { createRouter } from '../http/router';
import { requestLanguage } from '../i18n/request-language';
import {
  type ContentKind,
  createKind,
  deleteKind,
  isTranslated,
  listKind,
  updateKind,
} from '../services/content/items';
import { notFound } from '../services/errors';

interface Kind {
  label: string;
  /** The content table (its columns: db/repositories/content.ts). */
  kind: ContentKind;
  bodies: { create: z.ZodType; update: z.ZodType };
  item: z.ZodType;
  /** As operators read and write it (with every language's `texts` where it has them). */
  adminItem: z.ZodType;
  /** The player-facing read (docs/api.md / docs/product.md path) and its auth. */
  read: { base: '/api/v1' | '/api/v1/admin'; path: string; auth: AuthRequirement };
  /** Operator writes under /api/v1/admin. */
  write: string;
}

const KINDS: Kind[] = [
  {
    label: 'Slider',
    kind: 'sliders',
    bodies: SliderBodies,
    item: SliderSchema,
    adminItem: SliderAdminSchema,
    read: { base: '/api/v1/admin', path: '/all-slider', auth: 'any' },
    write: '/sliders',
  },
  {
    label: 'Notice',
    kind: 'notices',
    bodies: NoticeBodies,
    item: NoticeSchema,
    adminItem: NoticeAdminSchema,
    read: { base: '/api/v1', path: '/notices', auth: 'optional' },
    write: '/notices',
  },
  {
    label: 'Video',
    kind: 'videos',
    bodies: VideoBodies,
    item: VideoSchema,
    adminItem: VideoAdminSchema,
    read: { base: '/api/v1', path: '/videos', auth: 'optional' },
    write: '/videos',
  },
  {
    label: 'Footer link',
    kind: 'footer_links',
    bodies: FooterLinkBodies,
    item: FooterLinkSchema,
    adminItem: FooterLinkSchema,
    read: { base: '/api/v1', path: '/footer-links', auth: 'any' },
    write: '/footer-links',
  },
  {
    label: 'App logo',
    kind: 'app_logos',
    bodies: AppLogoBodies,
    item: AppLogoSchema,
    adminItem: AppLogoSchema,
    read: { base: '/api/v1', path: '/logo', auth: 'optional' },
    write: '/logos',
  },
];

/** Sliders, notices, videos, footer links and app logos: lists for players, CRUD for operators. */
export function contentRoutes() {
  const r = createRouter('/api/v1', 'Content');
  for (const k of KINDS) {
    const readPath = (k.read.base === '/api/v1/admin' ? '/admin' : '') + k.read.path;
    const translated = isTranslated(k.kind);
    r.get(
      readPath,
      {
        summary: translated
          ? `${k.label} list in the request's language (Accept-Language, else the player's; English fills gaps)`
          : `${k.label} list`,
        auth: k.read.auth,
        response: z.array(k.item),
      },
      async (c) => {
        const db = c.get('deps').db;
        if (!translated) return cachedOk(c, `content:${k.kind}`, () => listKind(db, k.kind));
        // One cached answer per language (read-cache.ts keeps the fast path keyed by it too).
        const lang = requestLanguage(c);
        return cachedOk(c, `content:${k.kind}:${lang}`, () => listKind(db, k.kind, lang), { lang });
      },
    );
    const base = `/admin${k.write}`;
    r.get(
      base,
      {
        summary: `${k.label} list as operators edit it${translated ? ' (English and every language)' : ''}`,
        auth: 'admin',
        response: z.array(k.adminItem),
      },
      async (c) => ok(c, await listKind(c.get('deps').db, k.kind)),
    );
    r.post(
      base,
      {
        summary: `Create a ${k.label.toLowerCase()}`,
        auth: 'admin',
        body: k.bodies.create,
        response: k.adminItem,
        status: 201,
      },
      async (c, { body }) =>
        ok(
          c,
          await createKind(c.get('deps').db, k.kind, body as Record<string, unknown>),
          `${k.label} created`,
          201,
        ),
    );
    r.put(
      `${base}/:id`,
      {
        summary: `Update a ${k.label.toLowerCase()}`,
        auth: 'admin',
        body: k.bodies.update,
        response: k.adminItem,
      },
      async (c, { body, params }) => {
        const id = params.id as string;
        if (!UUID_RE.test(id)) throw notFound(k.label);
        const row = await updateKind(c.get('deps').db, k.kind, id, body as Record<string, unknown>);
        if (!row) throw notFound(k.label);
        return ok(c, row, `${k.label} updated`);
      },
    );
    r.delete(
      `${base}/:id`,
      { summary: `Delete a ${k.label.toLowerCase()}`, auth: 'admin' },
      async (c, { params }) => {
        const id = params.id as string;
        if (!UUID_RE.test(id) || !(await deleteKind(c.get('deps').db, k.kind, id))) throw notFound(k.label);
        return ok(c, { _id: id }, `${k.label} deleted`);
      },
    );
  }
  return r;
}
