import { z } from 'zod';
import type { Family } from '../../src/contracts/common';
import { RatesEntrySchema, ratesUpdateSchema } from '../../src/contracts/rates';

import { ok } from '../http/envelope';
import { cachedOk } from '../http/read-cache';
import { createRouter } from '../http/router';
import { changeRates, readRates } from '../services/games/rates';

const PATHS: Array<[Family, string]> = [
  ['main', '/game-point'],
  ['starline', '/starline-game-rate'],
  ['galidisawar', '/galidisawar-rate'],
];

/** Rates per family: `data` is a list holding the one table ("first entry" in docs/product.md). */
export function ratesRoutes() {
  const r = createRouter('/api/v1/admin', 'Rates');
  for (const [family, path] of PATHS) {
    r.get(
      path,
      { summary: `${family} rates`, auth: 'optional', response: z.array(RatesEntrySchema) },
      async (c) => cachedOk(c, `rates:${family}`, async () => [await readRates(c.get('deps').db, family)]),
    );
    r.put(
      path,
      {
        summary: `Update ${family} rates`,
        auth: 'admin',
        body: ratesUpdateSchema(family),
        response: z.array(RatesEntrySchema),
      },
      async (c, { body }) =>
        ok(c, [await changeRates(c.get('deps').db, family, body as Record<string, number>)], 'Rates updated'),
    );
  }
  return r;
}
