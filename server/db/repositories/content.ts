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
  /** The fields also written in Hindi and Marathi, kept in the `texts` jsonb (migration 022). */
  translated?: readonly string[];
}

type Row = Record<string, unknown> & { id: string; created_at: Date; updated_at: Date };

export function toContent(t: ContentTable, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: row.id };
  for (const [field, column] of Object.entries(t.columns)) out[field] = row[column];
  if (t.translated) out.texts = row.texts ?? {};
  out.createdAt = row.created_at.toISOString();
  out.updatedAt = row.updated_at.toISOString();
  return out;
}

export async function listContent(q: Queryable, t: ContentTable, limit = 500) {
  const r = await q.query<Row>(`SELECT * FROM ${t.table} ORDER BY ${t.order} LIMIT $1`, [limit]);
  return r.rows.map((row) => toContent(t, row));
}

/** The `texts` of a write as a jsonb parameter, or undefined when the write sends none. */
function textsParam(t: ContentTable, values: Record<string, unknown>): string | undefined {
  return t.translated && values.texts !== undefined ? JSON.stringify(values.texts) : undefined;
}

export async function insertContent(q: Queryable, t: ContentTable, values: Record<string, unknown>) {
  const fields = Object.keys(t.columns).filter((f) => values[f] !== undefined);
  const cols = fields.map((f) => t.columns[f]);
  const marks = fields.map((_, i) => `$${i + 1}`);
  const args = fields.map((f) => values[f]);
  const texts = textsParam(t, values);
  if (texts !== undefined) {
    args.push(texts);
    cols.push('texts');
    marks.push(`$${args.length}::jsonb`);
  }
  const r = await q.query<Row>(
    `INSERT INTO ${t.table} (${cols.join(', ')}) VALUES (${marks.join(', ')}) RETURNING *`,
    args,
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
  const args: unknown[] = [id, ...fields.map((f) => values[f])];
  const texts = textsParam(t, values);
  if (texts !== undefined) {
    // A language sent replaces that language's texts; the others stay.
    args.push(texts);
    sets.push(`texts = texts || $${args.length}::jsonb`);
  }
  sets.push('updated_at = now()');
  const r = await q.query<Row>(`UPDATE ${t.table} SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, args);
  return r.rows[0] ? toContent(t, r.rows[0]) : null;
}

export async function deleteContent(q: Queryable, t: ContentTable, id: string): Promise<boolean> {
  const r = await q.query(`DELETE FROM ${t.table} WHERE id = $1`, [id]);
  return r.rowCount > 0;
}

/** Each content table: which API field is stored in which column, and the order lists are read in. */
export const CONTENT_TABLES: Record<ContentTable['table'], ContentTable> = {
  sliders: {
    table: 'sliders',
    columns: { imageUrl: 'image_url', caption: 'caption' },
    order: 'sort_order, created_at DESC',
    translated: ['caption'],
  },
  notices: {
    table: 'notices',
    columns: { title: 'title', message: 'message' },
    order: 'created_at DESC',
    translated: ['title', 'message'],
  },
  videos: {
    table: 'videos',
    columns: { youtubeId: 'youtube_id', title: 'title', description: 'description' },
    order: 'created_at DESC',
    translated: ['title', 'description'],
  },
  footer_links: {
    table: 'footer_links',
    columns: { title: 'title', url: 'url' },
    order: 'created_at',
    translated: ['title'],
  },
  app_logos: {
    table: 'app_logos',
    columns: { imageUrl: 'image_url', app_title: 'app_title' },
    order: 'created_at',
  },
};
