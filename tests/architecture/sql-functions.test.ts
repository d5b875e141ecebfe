import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each SQL function has one definition, the one that runs: server/db/functions/<name>.sql, applied
// after the numbered migrations (docs/database.md "Functions"). The migrations up to LAST_WITH_FUNCTIONS
// keep the definitions they were applied with (an applied migration is never edited); a newer one
// defines no function.

const ROOT = join(import.meta.dirname, '../..');
/** The newest migration written before server/db/functions/ existed. */
const LAST_WITH_FUNCTIONS = 22;

interface SqlFile {
  /** Relative to the repository: server/db/functions/x.sql or server/db/migrations/NNN-x.sql. */
  path: string;
  text: string;
}

/** The functions a file defines (CREATE [OR REPLACE] FUNCTION), comments left out. */
function definedFunctions(text: string): string[] {
  const code = text.replace(/--[^\n]*/g, '');
  return [
    ...code.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:public\.)?"?([a-z_][a-z0-9_]*)/gi),
  ].map((m) => (m[1] as string).toLowerCase());
}

/** What breaks the rule in a set of SQL files: one line per break, [] when none. */
function breaks(files: SqlFile[]): string[] {
  const out: string[] = [];
  const where = new Map<string, string[]>();
  for (const f of files) {
    const defined = definedFunctions(f.text);
    const fn = /^server\/db\/functions\/([a-z0-9_]+)\.sql$/.exec(f.path);
    if (fn) {
      if (defined.length !== 1 || defined[0] !== fn[1]) {
        out.push(
          `${f.path} must define exactly the function ${fn[1]} (it defines: ${defined.join(', ') || 'none'})`,
        );
      }
      for (const name of defined) where.set(name, [...(where.get(name) ?? []), f.path]);
      continue;
    }
    const migration = /^server\/db\/migrations\/(\d{3})-/.exec(f.path);
    if (migration && Number(migration[1]) > LAST_WITH_FUNCTIONS && defined.length > 0) {
      out.push(`${f.path} defines ${defined.join(', ')}: a function goes in server/db/functions/<name>.sql`);
    }
  }
  for (const [name, paths] of where) {
    if (paths.length > 1) out.push(`${name} is defined in ${paths.length} places: ${paths.join(', ')}`);
  }
  return out;
}

function read(dir: string): SqlFile[] {
  return readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.sql'))
    .map((f) => ({ path: `${dir}/${f}`, text: readFileSync(join(ROOT, dir, f), 'utf8') }));
}

const tree = () => [...read('server/db/functions'), ...read('server/db/migrations')];
const fn = (name: string, body = 'SELECT 1') =>
  `-- CREATE FUNCTION in a comment is not a definition\nCREATE OR REPLACE FUNCTION ${name}() RETURNS int LANGUAGE sql AS $$ ${body} $$;\n`;

describe('SQL functions: one definition each, in server/db/functions/', () => {
  it('the repository keeps the rule', () => {
    expect(breaks(tree())).toEqual([]);
    // The scan sees the definitions where they are: the files, and the old migrations' history.
    expect(
      definedFunctions(readFileSync(join(ROOT, 'server/db/functions/matka_place_bids.sql'), 'utf8')),
    ).toEqual(['matka_place_bids']);
    expect(
      tree().filter((f) => f.path.includes('/migrations/') && definedFunctions(f.text).length > 0).length,
    ).toBeGreaterThan(0);
  });

  it('refuses a function defined in two files of functions/', () => {
    const probe = {
      path: 'server/db/functions/matka_probe.sql',
      text: `${fn('matka_probe')}${fn('matka_period_start')}`,
    };
    expect(breaks([...tree(), probe]).join('\n')).toContain('matka_period_start is defined in 2 places');
  });

  it('refuses a file of functions/ that defines another name, or none', () => {
    const other = { path: 'server/db/functions/matka_probe.sql', text: fn('matka_other') };
    const none = { path: 'server/db/functions/matka_empty.sql', text: 'SELECT 1;\n' };
    const found = breaks([other, none]).join('\n');
    expect(found).toContain('must define exactly the function matka_probe');
    expect(found).toContain('must define exactly the function matka_empty');
  });

  it('refuses a migration newer than functions/ that defines a function', () => {
    const next = String(LAST_WITH_FUNCTIONS + 1).padStart(3, '0');
    const probe = {
      path: `server/db/migrations/${next}-probe.sql`,
      text: `CREATE TABLE t (x int);\n${fn('matka_probe')}`,
    };
    expect(breaks([...tree(), probe]).join('\n')).toContain(`${next}-probe.sql defines matka_probe`);
    // A migration may still drop one or create a trigger that calls one.
    const allowed = {
      path: `server/db/migrations/${next}-probe.sql`,
      text: 'DROP FUNCTION matka_x(int);\nCREATE TRIGGER t AFTER INSERT ON x EXECUTE FUNCTION matka_notify_change();\n',
    };
    expect(breaks([...tree(), allowed])).toEqual([]);
  });
});
