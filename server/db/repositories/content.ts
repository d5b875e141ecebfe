import type { Queryable } from '../types';

/**
 * Content tables (sliders, notices, videos, footer links, app logos) share one shape of SQL:
 * a table, a fixed list of columns mapped from API field names, newest first.
 */
export interface ContentTable {
  table: 'sliders' | 'notices' | 'videos' | 'footer_links' | 'app_logos';
  /** API field -> column. */
  columns: Record<string, string>;
  order: string;
}

type Row = Record<string, unknown> & { id: string; created_at: Date; updated_at: Date };

export function toContent(t: ContentTable, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: row.id };
  for (const [field, column] of Object.entries(t.columns)) out[field] = row[column];
  out.createdAt = row.created_at.toISOString();
  out.updatedAt = row.updated_at.toISOString();
  return out;
}

export async function listContent(q: Queryable, t: ContentTable, limit = 500) {
  const r = await q.query<Row>(`SELECT * FROM ${t.table} ORDER BY ${t.order} LIMIT $1`, [limit]);
  return r.rows.map((row) => toContent(t, row));
}

export async function insertContent(q: Queryable, t: ContentTable, values: Record<string, unknown>) {
  const fields = Object.keys(t.columns).filter((f) => values[f] !== undefined);
  const cols = fields.map((f) => t.columns[f]).join(', ');
  const marks = fields.map((_, i) => `$${i + 1}`).join(', ');
  const r = await q.query<Row>(
    `INSERT INTO ${t.table} (${cols}) VALUES (${marks}) RETURNING *`,
    fields.map((f) => values[f]),
  );
  return toContent(t, r.rows[0] as Row);
}

export async function updateContent(
  q: Queryable,
  t: ContentTable,
  id: string,
  values: Record<string, unknown>,
) {
  const fields = Object.keys(t.columns).filter((f) => values[f] !== undefined);
  const sets = fields.map((f, i) => `${t.columns[f]} = $${i + 2}`);
  sets.push('updated_at = now()');
  const r = await q.query<Row>(`UPDATE ${t.table} SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [
    id,
    ...fields.map((f) => values[f]),
  ]);
  return r.rows[0] ? toContent(t, r.rows[0]) : null;
}

export async function deleteContent(q: Queryable, t: ContentTable, id: string): Promise<boolean> {
  const r = await q.query(`DELETE FROM ${t.table} WHERE id = $1`, [id]);
  return r.rowCount > 0;
}

/** Each content table: which API field is stored in which column, and the order lists are read in. */
export const CONTENT_TABLES: Record<ContentTable['table'], ContentTable> = {
  sliders: { table: 'sliders', columns: { imageUrl: 'image_url' }, order: 'sort_order, created_at DESC' },
  notices: { table: 'notices', columns: { title: 'title', message: 'message' }, order: 'created_at DESC' },
  videos: {
    table: 'videos',
    columns: { youtubeId: 'youtube_id', title: 'title', description: 'description' },
    order: 'created_at DESC',
  },
  footer_links: { table: 'footer_links', columns: { title: 'title', url: 'url' }, order: 'created_at' },
  app_logos: {
    table: 'app_logos',
    columns: { imageUrl: 'image_url', app_title: 'app_title' },
    order: 'created_at',
  },
};
