import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The import graph of src/, server/ and sw/ as the code writes it (docs/architecture.md "Rules"):
// no circles but the store's type-only one, no feature reaching another, server/services grouped.
// What biome cannot say (a circle, a path resolved to a file) is held here.

const ROOT = join(import.meta.dirname, '../..');
const probes: string[] = [];
afterAll(() => {
  for (const p of probes) rmSync(p, { force: true });
});

const SOURCE = /\.(ts|tsx)$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts') && !f.includes('lint-probe'))
    .map((f) => join(dir, f));
}

interface Edge {
  to: string;
  typeOnly: boolean;
}

// import x from '...', import type {..} from '...', export {..} from '...', import '...', import('...')
const IMPORT =
  /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The file a relative specifier names, or null (a package, a stylesheet, an asset). */
function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(ROOT, dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) {
      return relative(ROOT, candidate);
    }
  }
  return null;
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const edges: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4];
    if (!spec) continue;
    const to = resolveSpec(file, spec);
    if (to) edges.push({ to, typeOnly: Boolean(m[2]) });
  }
  return edges;
}

function graph(files: string[]): Map<string, Edge[]> {
  return new Map(files.map((f) => [f, importsOf(f)]));
}

/** The strongly connected components of more than one file (Tarjan): the import circles. */
function circles(g: Map<string, Edge[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const { to } of g.get(v) ?? []) {
      if (!g.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(v, Math.min(low.get(v) as number, index.get(to) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (g.get(v) ?? []).some((e) => e.to === v)) found.push(part.sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found;
}

const TREE = () => [...sourcesUnder('src'), ...sourcesUnder('server'), ...sourcesUnder('sw')];

/** The one circle allowed: the store's slices and app-state.ts, tied by `import type` alone. */
function allowed(circle: string[], g: Map<string, Edge[]>): boolean {
  const inside = new Set(circle);
  return (
    circle.every((f) => f.startsWith('src/store/')) &&
    circle.every((f) => (g.get(f) ?? []).every((e) => !inside.has(e.to) || e.typeOnly))
  );
}

describe('no import circles (src, server, sw)', () => {
  it('the only circle is the store slices, type-only', () => {
    const g = graph(TREE());
    expect(g.size).toBeGreaterThan(600);
    const found = circles(g);
    expect(found.filter((c) => !allowed(c, g))).toEqual([]);
    // The scan sees the circle that is there: without it, it would be seeing nothing.
    expect(found.some((c) => c.includes('src/store/app-state.ts'))).toBe(true);
  });

  it('refuses a probe circle, and a value import inside the store', () => {
    const a = 'src/lib/lint-probe-circle-a.ts';
    const b = 'src/lib/lint-probe-circle-b.ts';
    for (const [file, other] of [
      [a, './lint-probe-circle-b'],
      [b, './lint-probe-circle-a'],
    ] as const) {
      probes.push(join(ROOT, file));
      writeFileSync(join(ROOT, file), `import { x } from '${other}';\nexport const y = x;\n`);
    }
    const g = graph([...TREE(), a, b]);
    const refused = circles(g).filter((c) => !allowed(c, g));
    expect(refused).toEqual([[a, b]]);
    const store = graph(sourcesUnder('src/store'));
    const slice = [...store.keys()].find((f) => f.endsWith('auth-slice.ts')) as string;
    store.set(slice, [{ to: 'src/store/app-state.ts', typeOnly: false }]);
    expect(circles(store).filter((c) => !allowed(c, store))).toHaveLength(1);
  });
});

/** The feature folder of a file under src/features, else null. */
const featureOf = (f: string) => /^src\/features\/([^/]+)\//.exec(f)?.[1] ?? null;

function crossFeature(g: Map<string, Edge[]>): string[] {
  const out: string[] = [];
  for (const [from, edges] of g) {
    const a = featureOf(from);
    for (const { to } of edges) {
      const b = featureOf(to);
      if (a && b && a !== b) out.push(`${from} -> ${to}`);
    }
  }
  return out;
}

describe('features stand alone', () => {
  it('no src/features/<a> file imports src/features/<b>', () => {
    const g = graph(sourcesUnder('src'));
    expect([...g.keys()].filter((f) => featureOf(f)).length).toBeGreaterThan(80);
    expect(crossFeature(g)).toEqual([]);
  });

  it('refuses a probe that imports another feature', () => {
    const file = 'src/features/bidding/components/lint-probe-feature.ts';
    probes.push(join(ROOT, file));
    writeFileSync(
      join(ROOT, file),
      "import { AuthForm } from '../../auth/auth-form';\nexport const f = AuthForm;\n",
    );
    const g = graph([...sourcesUnder('src'), file]);
    expect(crossFeature(g)).toEqual([`${file} -> src/features/auth/auth-form.tsx`]);
  });
});

/** The .ts files directly in a folder (not in its subfolders). */
const looseFiles = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => e.name);

describe('server/services is grouped by subject', () => {
  it('at most 20 loose files beside the subject folders', () => {
    const loose = looseFiles('server/services');
    expect(loose).toContain('errors.ts');
    expect(loose.length).toBeLessThanOrEqual(20);
  });
});

/**
 * Packages the server's start does not need (issue 45): PGlite (only the embedded database opens
 * it), the bank statements' zip and spreadsheet readers, the backup's COPY streams, the QR drawer
 * and Firebase. Imported at the top of a file the start loads, their code sits in every process's
 * heap from the first second; each is imported with `await import()` where it is used.
 */
const NOT_AT_START = [
  '@electric-sql/pglite',
  'read-excel-file',
  'fflate',
  'pg-copy-streams',
  'qrcode',
  'firebase-admin',
];

/** The packages `entry` and every file it imports by value at the top (no `import()`) import so. */
function packagesAtStart(entry: string, extra: Record<string, string> = {}): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = extra[file] ?? readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[3];
      if (!spec || m[2]) continue;
      const to = resolveSpec(file, spec);
      if (to) visit(to);
      else if (!spec.startsWith('.') && !spec.startsWith('node:') && !packages.has(spec))
        packages.set(spec, file);
    }
  };
  visit(entry);
  return packages;
}

const rareAtStart = (packages: Map<string, string>) =>
  [...packages]
    .filter(([spec]) => NOT_AT_START.some((p) => spec === p || spec.startsWith(`${p}/`)))
    .map(([spec, file]) => `${file} imports ${spec}`);

describe('the server starts without the packages of rare paths', () => {
  it('server/main.ts loads none of them before they are used', () => {
    const packages = packagesAtStart('server/main.ts');
    // The scan follows the start: the packages every request needs are there.
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['hono', 'pg', 'zod', 'prom-client']));
    expect(rareAtStart(packages)).toEqual([]);
  });

  it('refuses a probe that imports one at the top of a file the start loads', () => {
    const file = 'server/services/bank-statements/xlsx.ts';
    const text = `import { readSheet } from 'read-excel-file/node';\n${readFileSync(join(ROOT, file), 'utf8')}`;
    expect(rareAtStart(packagesAtStart('server/main.ts', { [file]: text }))).toEqual([
      `${file} imports read-excel-file/node`,
    ]);
  });
});
