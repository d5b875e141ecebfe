import {
  CONTENT_TABLES,
  type ContentTable,
  deleteContent,
  insertContent,
  listContent,
  updateContent,
} from '../db/repositories/content';
import type { Queryable } from '../db/types';

// Sliders, notices, videos, footer links and app logos: one list for players, create, update and
// delete for operators. Each kind is named by its table; the columns stay in the repository.

export type ContentKind = ContentTable['table'];

export function listKind(q: Queryable, kind: ContentKind) {
  return listContent(q, CONTENT_TABLES[kind]);
}

export function createKind(q: Queryable, kind: ContentKind, values: Record<string, unknown>) {
  return insertContent(q, CONTENT_TABLES[kind], values);
}

/** The updated item, or null when there is none with this id. */
export function updateKind(q: Queryable, kind: ContentKind, id: string, values: Record<string, unknown>) {
  return updateContent(q, CONTENT_TABLES[kind], id, values);
}

/** Whether an item with this id was there to delete. */
export function deleteKind(q: Queryable, kind: ContentKind, id: string): Promise<boolean> {
  return deleteContent(q, CONTENT_TABLES[kind], id);
}
