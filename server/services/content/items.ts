import type { Lang } from '../../../src/i18n/languages';
import {
  CONTENT_TABLES,
  type ContentTable,
  deleteContent,
  insertContent,
  listContent,
  updateContent,
} from '../../db/repositories/content';
import type { Queryable } from '../../db/types';

// Sliders, notices, videos, footer links and app logos: one list for players, create, update and
// delete for operators. Each kind is named by its table; the columns stay in the repository.
// Notices, banner captions, videos and footer link titles are also written in Hindi and Marathi
// (`texts`): a player reads them in the request's language, each field falling back to the
// English when left empty.

export type ContentKind = ContentTable['table'];

type Item = Record<string, unknown>;
type Texts = Record<string, Record<string, unknown>>;

/** Whether this kind's words are written per language. */
export function isTranslated(kind: ContentKind): boolean {
  return CONTENT_TABLES[kind].translated !== undefined;
}

/**
 * An item as a player in `lang` reads it: each translated field in that language when the
 * operator wrote it there, else the English; `texts` itself is left out.
 * @example inLanguage({title: 'Hi', texts: {hi: {title: 'नमस्ते'}}}, ['title'], 'hi') // {title: 'नमस्ते'}
 */
export function inLanguage(item: Item, fields: readonly string[], lang: Lang): Item {
  const { texts, ...out } = item;
  const own = lang === 'en' ? undefined : (texts as Texts | undefined)?.[lang];
  for (const f of fields) {
    const v = own?.[f];
    if (typeof v === 'string' && v.trim() !== '') out[f] = v;
  }
  return out;
}

/**
 * The list players read (`lang`: their language) or operators read (no `lang`: the English
 * fields with every language's `texts`).
 */
export async function listKind(q: Queryable, kind: ContentKind, lang?: Lang) {
  const t = CONTENT_TABLES[kind];
  const rows = await listContent(q, t);
  const fields = t.translated;
  if (!fields) return rows;
  return rows.map((row) => (lang === undefined ? row : inLanguage(row, fields, lang)));
}

/** A write's `texts` as stored: empty fields dropped (they show the English). */
function cleanTexts(values: Item): Item {
  if (values.texts === undefined) return values;
  const texts: Texts = {};
  for (const [lang, fields] of Object.entries(values.texts as Texts)) {
    texts[lang] = Object.fromEntries(
      Object.entries(fields ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''),
    );
  }
  return { ...values, texts };
}

export function createKind(q: Queryable, kind: ContentKind, values: Item) {
  return insertContent(q, CONTENT_TABLES[kind], cleanTexts(values));
}

/** The updated item, or null when there is none with this id. */
export function updateKind(q: Queryable, kind: ContentKind, id: string, values: Item) {
  return updateContent(q, CONTENT_TABLES[kind], id, cleanTexts(values));
}

/** Whether an item with this id was there to delete. */
export function deleteKind(q: Queryable, kind: ContentKind, id: string): Promise<boolean> {
  return deleteContent(q, CONTENT_TABLES[kind], id);
}
