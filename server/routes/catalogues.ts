import { z } from 'zod';
import { CatalogueItemSchema } from '../../src/contracts/catalogues';
import { type CatalogueName, digitCatalogue } from '../../src/domain/catalogues';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';

const PATHS: Array<[string, CatalogueName]> = [
  ['/single-digit', 'singleDigit'],
  ['/jodi-digit', 'jodiDigit'],
  ['/single-panna', 'singlePanna'],
  ['/double-panna', 'doublePanna'],
  ['/triple-panna', 'triplePanna'],
  ['/all-panna', 'allPanna'],
];

/** Digit catalogues straight from src/domain: generated from the rules, never typed by hand. */
export function cataloguesRoutes() {
  const r = createRouter('/api/v1/admin', 'Digits');
  for (const [path, name] of PATHS) {
    r.get(
      path,
      { summary: `${name} catalogue`, auth: 'optional', response: z.array(CatalogueItemSchema) },
      (c) => {
        c.header('Cache-Control', 'public, max-age=3600');
        return ok(c, digitCatalogue(name));
      },
    );
  }
  return r;
}
