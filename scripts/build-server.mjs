#!/usr/bin/env node
// Compiles the API server to plain JavaScript in dist-server/ (one ESM file per entry, packages
// left as imports from node_modules) and copies the SQL migrations and function files beside it,
// where server/db/migrate.ts looks for them. `npm start` and production run dist-server/main.js.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const out = join(process.cwd(), 'dist-server');
rmSync(out, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: { main: 'server/main.ts', admin: 'server/cli/admin.ts', restore: 'server/cli/restore.ts' },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
cpSync('server/db/migrations', join(out, 'migrations'), { recursive: true });
cpSync('server/db/functions', join(out, 'functions'), { recursive: true });
console.error(`build-server: dist-server/ in ${Math.round(performance.now() - started)} ms`);
