import type { z } from 'zod';
import type { Family } from '../../src/contracts/common';
import {
  GaliResultSchema,
  MainResultSchema,
  ResultQuerySchema,
  StarlineResultSchema,
} from '../../src/contracts/results';
import { okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { badRequest } from '../services/errors';
import { resultHistory } from '../services/results/read';

const FAMILIES: Array<[Family, string, z.ZodType]> = [
  ['main', '/all-result', MainResultSchema],
  ['starline', '/all-starline-result', StarlineResultSchema],
  ['galidisawar', '/all-gali-result', GaliResultSchema],
];

/** Result history for charts and lists: paged, up to 1000 rows a page. */
export function resultsRoutes() {
  const r = createRouter('/api/v1/admin', 'Results');
  for (const [family, path, schema] of FAMILIES) {
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
        const operator = c.get('principal')?.kind === 'admin';
        const { rows, total } = await resultHistory(db, family, query, page, operator);
        return okPaged(c, rows, pagination(page, total));
      },
    );
  }
  return r;
}
