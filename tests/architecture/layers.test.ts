import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The layers of CONTRIBUTING.md, held by the lint (biome.json "overrides", noRestrictedImports) and,
// for what an import rule cannot see (SQL text, a route opening a transaction), by the scan below.
// Circles, features reaching each other and the services' folders: imports.test.ts.

const ROOT = join(import.meta.dirname, '../..');
const probes: string[] = [];
afterAll(() => {
  for (const p of probes) rmSync(p, { force: true });
});

/** Lints one throw-away file at `path` holding `source`: the diagnostics' text, '' when clean. */
function lint(path: string, source: string): string {
  const file = join(ROOT, path);
  probes.push(file);
  writeFileSync(file, source);
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/@biomejs/biome/bin/biome'), 'lint', file],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  rmSync(file, { force: true });
  const out = `${run.stdout}${run.stderr}`;
  return out.includes('noRestrictedImports') ? out : '';
}

const uses = (from: string) => `import * as m from '${from}';\nexport const used = m;\n`;

describe('import rules (biome noRestrictedImports)', () => {
  const cases: Array<[string, string, string, string]> = [
    // [file, a forbidden import, an allowed import, the words the refusal names]
    ['server/services/lint-probe.ts', '../http/errors', './errors', 'know nothing of HTTP'],
    ['server/services/bids/lint-probe.ts', '../../http/types', '../../deps', 'know nothing of HTTP'],
    ['server/db/repositories/lint-probe.ts', '../../services/errors', '../types', 'may not import a service'],
    ['server/db/repositories/lint-probe-2.ts', '../../http/auth', './users', 'know nothing of HTTP'],
    [
      'server/routes/lint-probe.ts',
      '../db/repositories/users',
      '../services/players/users',
      'call a service',
    ],
    [
      'server/http/lint-probe.ts',
      '../db/repositories/auth-tokens',
      '../services/auth/tokens',
      'call a service',
    ],
    [
      'server/routes/lint-probe-2.ts',
      '../services/payments/upi',
      '../services/payments/orders',
      'never reach a payment gateway',
    ],
    ['src/api/lint-probe.ts', '../store/token', './client', 'bottom of the app'],
    ['src/api/lint-probe-2.ts', '../lib/network', '../contracts/common', 'bottom of the app'],
    ['server/env-lint-probe.ts', './http/address-allow', '../src/domain/market-time', 'ground floor'],
    ['src/features/home/lint-probe.ts', '../auth/auth-form', '../../lib/toast', 'imports no other feature'],
    [
      'src/features/lists/lint-probe.ts',
      '../home/home.css',
      '../../components/market-status.css',
      'imports no other feature',
    ],
    [
      'src/features/bidding/components/lint-probe.ts',
      '../../auth/auth-form',
      '../bid-form',
      'imports no other feature',
    ],
    ['src/domain/lint-probe.ts', '../api/client', './money', 'pure rules'],
    ['src/domain/lint-probe-2.ts', 'react', 'dayjs', 'pure rules'],
  ];
  it.each(cases)('%s may not import %s (and may import %s)', (file, bad, good, words) => {
    expect(lint(file, uses(bad))).toContain(words);
    expect(lint(file, uses(good))).toBe('');
  });
});

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('lint-probe'))
    .map((f) => join(dir, f));
}

/** The code without its comments, so prose about `SELECT ... FOR UPDATE` is not counted as SQL. */
function code(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const SQL = /\b(SELECT\s[\s\S]{0,200}?\sFROM\s|INSERT\s+INTO\s|UPDATE\s+[a-z_]+\s+SET\s|DELETE\s+FROM\s)/;

describe('SQL lives only in server/db', () => {
  it('no SQL statement in routes, services, http or the server root', () => {
    const outside = sources('server').filter((f) => !relative('server', f).startsWith('db'));
    expect(outside.length).toBeGreaterThan(50);
    const found = outside.filter((f) => SQL.test(code(f)));
    expect(found).toEqual([]);
  });

  it('the scan sees SQL where it is (the repositories)', () => {
    const inside = sources('server/db/repositories').filter((f) => SQL.test(code(f)));
    expect(inside.length).toBeGreaterThan(10);
  });

  it('no route opens a transaction or sends a query itself', () => {
    const found = sources('server/routes').filter((f) => /\.(transaction|query)\s*[<(]/.test(code(f)));
    expect(found).toEqual([]);
  });
});
