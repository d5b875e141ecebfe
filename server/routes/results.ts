import type { z } from 'zod';
import { type Family, UUID_RE } from '../../src/contracts/common';
import {
  GaliResultSchema,
  MainResultSchema,
  ResultQuerySchema,
  StarlineResultSchema,
} from '../../src/contracts/results';
import { findGameRow } from '../db/repositories/games';
import {
  listResults,
  type ResultRow,
  toGaliResult,
  toMainResult,
  toStarlineResult,
} from '../db/repositories/results';
import { okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { badRequest, notFound } from '../services/errors';

const FAMILIES: Array<[Family, string, z.ZodType, (r: ResultRow) => unknown]> = [
  ['main', '/all-result', MainResultSchema, toMainResult],
  ['starline', '/all-starline-result', StarlineResultSchema, toStarlineResult],
  ['galidisawar', '/all-gali-result', GaliResultSchema, toGaliResult],
];

/** Result history for charts and lists: paged, up to 1000 rows a page. */
export function resultsRoutes() {
  const r = createRouter('/api/v1/admin', 'Results');
  for (const [family, path, schema, map] of FAMILIES) {
    r.get(
      path,
      {
        summary: `${family} results`,
        auth: 'optional',
        query: ResultQuerySchema,
        paged: { maxLimit: 1000 },
        response: schema,
      },
      async (c, { query, page }) => {
        const { db } = c.get('deps');
        if (query.from && query.to && query.from > query.to) {
          throw badRequest('from must not be after to', { from: 'from must not be after to' });
        }
        if (query.gameId) {
          const game = UUID_RE.test(query.gameId) ? await findGameRow(db, query.gameId) : null;
          if (!game || game.family !== family) throw notFound('Game');
        }
        const { rows, total } = await listResults(db, family, query, page);
        return okPaged(c, rows.map(map), pagination(page, total));
      },
    );
  }
  return r;
}
