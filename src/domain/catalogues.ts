import { ALL_JODIS } from './jodis';
import { ALL_PANNAS, PANNAS_BY_CLASS } from './pannas';

/** The digit catalogues of docs/product.md section 3; each item has a stable `_id` and `digit`. */
export type CatalogueName =
  | 'singleDigit'
  | 'jodiDigit'
  | 'singlePanna'
  | 'doublePanna'
  | 'triplePanna'
  | 'allPanna';

export type CatalogueItem = { _id: string; digit: string };

const SINGLE_DIGITS = Array.from({ length: 10 }, (_, n) => String(n));

const SOURCES: Record<CatalogueName, readonly string[]> = {
  singleDigit: SINGLE_DIGITS,
  jodiDigit: ALL_JODIS,
  singlePanna: PANNAS_BY_CLASS.SP,
  doublePanna: PANNAS_BY_CLASS.DP,
  triplePanna: PANNAS_BY_CLASS.TP,
  allPanna: ALL_PANNAS,
};

/**
 * One digit catalogue. Ids are derived from name and digit so they never change between builds.
 * @example digitCatalogue('singleDigit')[3] // {_id: 'singleDigit-3', digit: '3'}
 */
export function digitCatalogue(name: CatalogueName): CatalogueItem[] {
  return SOURCES[name].map((digit) => ({ _id: `${name}-${digit}`, digit }));
}
