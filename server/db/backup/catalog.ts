/**
 * What a backup holds, read from the database's own catalog so a table a later migration adds is
 * backed up without anyone listing it: every table of the public schema but the migration and
 * function logs (the header records the level instead; a start after a restore applies every
 * function file) and the backup log (its rows describe files, not data).
 */
import type { Queryable } from '../types';
import { ident } from './format';

export const NOT_BACKED_UP = ['schema_migrations', 'schema_functions', 'backup_runs'];

export interface TableInfo {
  name: string;
  columns: string[];
}

/** The tables with their columns, parents before children (foreign keys), then by name. */
export async function listTables(q: Queryable): Promise<TableInfo[]> {
  const tables = await q.query<{ name: string; columns: string }>(
    `SELECT c.relname AS name,
            string_agg(a.attname::text, ',' ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                          AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      GROUP BY c.relname
      ORDER BY c.relname`,
  );
  const edges = await q.query<{ child: string; parent: string }>(
    `SELECT DISTINCT ch.relname AS child, pa.relname AS parent
       FROM pg_constraint k
       JOIN pg_class ch ON ch.oid = k.conrelid
       JOIN pg_class pa ON pa.oid = k.confrelid
      WHERE k.contype = 'f' AND ch.relnamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`,
  );
  const all = tables.rows
    .filter((t) => !NOT_BACKED_UP.includes(t.name))
    .map((t) => ({ name: ident(t.name), columns: t.columns.split(',').map(ident) }));
  const parents = new Map<string, Set<string>>(all.map((t) => [t.name, new Set<string>()]));
  for (const e of edges.rows) parents.get(e.child)?.add(e.parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < all.length) {
    const ready = all.filter(
      (t) =>
        !placed.has(t.name) &&
        [...(parents.get(t.name) ?? [])].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (ready.length === 0) throw new Error('the foreign keys between tables form a cycle');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

/** Sequences of the public schema (bigserial columns). */
export async function listSequences(q: Queryable): Promise<string[]> {
  const r = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace ORDER BY c.relname`,
  );
  return r.rows.map((x) => ident(x.name));
}

export async function sequenceValue(q: Queryable, name: string): Promise<{ value: number; called: boolean }> {
  const r = await q.query<{ value: string; called: boolean }>(
    `SELECT last_value::text AS value, is_called AS called FROM public.${ident(name)}`,
  );
  const row = r.rows[0] as { value: string; called: boolean };
  return { value: Number(row.value), called: row.called };
}

export async function appliedMigrations(q: Queryable): Promise<Array<{ version: number; name: string }>> {
  const r = await q.query<{ version: number; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  return r.rows.map((x) => ({ version: Number(x.version), name: x.name }));
}

export async function serverVersion(q: Queryable): Promise<string> {
  const r = await q.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
  return r.rows[0]?.v ?? 'unknown';
}

/** Blocks of a table's heap: a PGlite copy is read in ranges of them. */
export async function tableBlocks(q: Queryable, table: string): Promise<number> {
  const r = await q.query<{ blocks: string }>(
    `SELECT (pg_relation_size('public.${ident(table)}') / current_setting('block_size')::int)::text AS blocks`,
  );
  return Number(r.rows[0]?.blocks ?? 0);
}

export interface ForeignKey {
  name: string;
  child: string;
  childColumns: string[];
  parent: string;
  parentColumns: string[];
}

export async function listForeignKeys(q: Queryable): Promise<ForeignKey[]> {
  const r = await q.query<{ name: string; child: string; cc: string; parent: string; pc: string }>(
    `SELECT k.conname AS name, ch.relname AS child, pa.relname AS parent,
            (SELECT string_agg(a.attname::text, ',' ORDER BY u.ord) FROM unnest(k.conkey) WITH ORDINALITY u(n, ord)
               JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n) AS cc,
            (SELECT string_agg(a.attname::text, ',' ORDER BY u.ord) FROM unnest(k.confkey) WITH ORDINALITY u(n, ord)
               JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n) AS pc
       FROM pg_constraint k
       JOIN pg_class ch ON ch.oid = k.conrelid
       JOIN pg_class pa ON pa.oid = k.confrelid
      WHERE k.contype = 'f' AND ch.relnamespace = 'public'::regnamespace
      ORDER BY k.conname`,
  );
  return r.rows.map((x) => ({
    name: x.name,
    child: ident(x.child),
    childColumns: x.cc.split(',').map(ident),
    parent: ident(x.parent),
    parentColumns: x.pc.split(',').map(ident),
  }));
}

/** Rows of the child whose key names no parent row (a load made with triggers off is checked so). */
export async function orphanCount(q: Queryable, fk: ForeignKey): Promise<number> {
  const c = fk.childColumns.map((x) => `c.${x}`).join(', ');
  const p = fk.parentColumns.map((x) => `p.${x}`).join(', ');
  const r = await q.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM public.${fk.child} c
      WHERE ROW(${c}) IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM public.${fk.parent} p WHERE ROW(${p}) = ROW(${c}))`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Tables that hold at least one row (a fresh schema's migrations insert a few defaults). */
export async function nonEmptyTables(q: Queryable, tables: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const t of tables) {
    const r = await q.query(`SELECT 1 FROM public.${ident(t)} LIMIT 1`);
    if (r.rows.length > 0) out.push(t);
  }
  return out;
}

export async function deleteAll(q: Queryable, table: string): Promise<void> {
  await q.query(`DELETE FROM public.${ident(table)}`);
}

/** Relations in the database outside the system schemas: a restore target must have none. */
export async function userRelationCount(q: Queryable): Promise<number> {
  const r = await q.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
        AND n.nspname NOT LIKE 'pg_temp%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

export async function setSequence(q: Queryable, name: string, value: number, called: boolean): Promise<void> {
  await q.query(`SELECT pg_catalog.setval($1, $2, $3)`, [`public.${ident(name)}`, value, called]);
}
