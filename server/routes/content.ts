import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import {
  AppLogoBodies,
  AppLogoSchema,
  FooterLinkBodies,
  FooterLinkSchema,
  NoticeBodies,
  NoticeSchema,
  SliderBodies,
  SliderSchema,
  VideoBodies,
  VideoSchema,
} from '../../src/contracts/content';
import type { AuthRequirement } from '../http/auth';
import { ok } from '../http/envelope';
import { cachedOk } from '../http/read-cache';
import { createRouter } from '../http/router';
import { type ContentKind, createKind, deleteKind, listKind, updateKind } from '../services/content';
import { notFound } from '../services/errors';

interface Kind {
  label: string;
  /** The content table (its columns: db/repositories/content.ts). */
  kind: ContentKind;
  bodies: { create: z.ZodType; update: z.ZodType };
  item: z.ZodType;
  /** The player-facing read (api.md / product.md path) and its auth. */
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
    read: { base: '/api/v1/admin', path: '/all-slider', auth: 'any' },
    write: '/sliders',
  },
  {
    label: 'Notice',
    kind: 'notices',
    bodies: NoticeBodies,
    item: NoticeSchema,
    read: { base: '/api/v1', path: '/notices', auth: 'optional' },
    write: '/notices',
  },
  {
    label: 'Video',
    kind: 'videos',
    bodies: VideoBodies,
    item: VideoSchema,
    read: { base: '/api/v1', path: '/videos', auth: 'optional' },
    write: '/videos',
  },
  {
    label: 'Footer link',
    kind: 'footer_links',
    bodies: FooterLinkBodies,
    item: FooterLinkSchema,
    read: { base: '/api/v1', path: '/footer-links', auth: 'any' },
    write: '/footer-links',
  },
  {
    label: 'App logo',
    kind: 'app_logos',
    bodies: AppLogoBodies,
    item: AppLogoSchema,
    read: { base: '/api/v1', path: '/logo', auth: 'optional' },
    write: '/logos',
  },
];

/** Sliders, notices, videos, footer links and app logos: lists for players, CRUD for operators. */
export function contentRoutes() {
  const r = createRouter('/api/v1', 'Content');
  for (const k of KINDS) {
    const readPath = (k.read.base === '/api/v1/admin' ? '/admin' : '') + k.read.path;
    r.get(readPath, { summary: `${k.label} list`, auth: k.read.auth, response: z.array(k.item) }, async (c) =>
      cachedOk(c, `content:${k.kind}`, () => listKind(c.get('deps').db, k.kind)),
    );
    const base = `/admin${k.write}`;
    r.post(
      base,
      {
        summary: `Create a ${k.label.toLowerCase()}`,
        auth: 'admin',
        body: k.bodies.create,
        response: k.item,
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
        response: k.item,
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
