import type { Pagination } from '../../src/contracts/common';
import type { PageRequest } from '../db/types';
import { badRequest } from '../services/errors';

export type { PageRequest };

/**
 * Reads page/limit from the query string, also from the malformed `?page=2?limit=10` form the old
 * app sent (the second `?` ends up inside the page value: page = '2?limit=10').
 * Example: parsePaging(new URL('http://x/a?page=2?limit=10')) -> {page: 2, limit: 10, offset: 10}
 */
export function parsePaging(url: URL, maxLimit = 100, defaultLimit = 10): PageRequest {
  const values = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    for (const part of `${key}=${value}`.split('?')) {
      const eq = part.indexOf('=');
      if (eq > 0) values.set(part.slice(0, eq), part.slice(eq + 1));
    }
  }
  const page = readInt(values.get('page'), 1, 'page', 1, 1_000_000);
  const limit = readInt(values.get('limit'), defaultLimit, 'limit', 1, maxLimit);
  return { page, limit, offset: (page - 1) * limit };
}

/** The other query values after undoing the malformed `?` joins (filters such as date). */
export function queryValues(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    for (const part of `${key}=${value}`.split('?')) {
      const eq = part.indexOf('=');
      if (eq > 0) out[part.slice(0, eq)] = part.slice(eq + 1);
    }
  }
  return out;
}

function readInt(raw: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,7}$/.test(raw))
    throw badRequest(`Invalid ${name}`, { [name]: `${name} must be a whole number` });
  const n = Number(raw);
  if (n < min) throw badRequest(`Invalid ${name}`, { [name]: `${name} must be at least ${min}` });
  return Math.min(n, max);
}

export function pagination(page: PageRequest, total: number): Pagination {
  const totalPages = Math.ceil(total / page.limit);
  return {
    page: page.page,
    limit: page.limit,
    total,
    totalPages,
    hasNextPage: page.page < totalPages,
    hasPreviousPage: page.page > 1,
  };
}
