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
import {
  type ContentTable,
  deleteContent,
  insertContent,
  listContent,
  updateContent,
} from '../db/repositories/content';
import type { AuthRequirement } from '../http/auth';
import { ok } from '../http/envelope';
import { cachedOk } from '../http/read-cache';
import { createRouter } from '../http/router';
import { notFound } from '../services/errors';

interface Kind {
  label: string;
  table: ContentTable;
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
    table: { table: 'sliders', columns: { imageUrl: 'image_url' }, order: 'sort_order, created_at DESC' },
    bodies: SliderBodies,
    item: SliderSchema,
    read: { base: '/api/v1/admin', path: '/all-slider', auth: 'any' },
    write: '/sliders',
  },
  {
    label: 'Notice',
    table: { table: 'notices', columns: { title: 'title', message: 'message' }, order: 'created_at DESC' },
    bodies: NoticeBodies,
    item: NoticeSchema,
    read: { base: '/api/v1', path: '/notices', auth: 'optional' },
    write: '/notices',
  },
  {
    label: 'Video',
    table: {
      table: 'videos',
      columns: { youtubeId: 'youtube_id', title: 'title', description: 'description' },
      order: 'created_at DESC',
    },
    bodies: VideoBodies,
    item: VideoSchema,
    read: { base: '/api/v1', path: '/videos', auth: 'optional' },
    write: '/videos',
  },
  {
    label: 'Footer link',
    table: { table: 'footer_links', columns: { title: 'title', url: 'url' }, order: 'created_at' },
    bodies: FooterLinkBodies,
    item: FooterLinkSchema,
    read: { base: '/api/v1', path: '/footer-links', auth: 'any' },
    write: '/footer-links',
  },
  {
    label: 'App logo',
    table: {
      table: 'app_logos',
      columns: { imageUrl: 'image_url', app_title: 'app_title' },
      order: 'created_at',
    },
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
      cachedOk(c, `content:${k.table.table}`, () => listContent(c.get('deps').db, k.table)),
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
          await insertContent(c.get('deps').db, k.table, body as Record<string, unknown>),
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
        const row = await updateContent(c.get('deps').db, k.table, id, body as Record<string, unknown>);
        if (!row) throw notFound(k.label);
        return ok(c, row, `${k.label} updated`);
      },
    );
    r.delete(
      `${base}/:id`,
      { summary: `Delete a ${k.label.toLowerCase()}`, auth: 'admin' },
      async (c, { params }) => {
        const id = params.id as string;
        if (!UUID_RE.test(id) || !(await deleteContent(c.get('deps').db, k.table, id)))
          throw notFound(k.label);
        return ok(c, { _id: id }, `${k.label} deleted`);
      },
    );
  }
  return r;
}
