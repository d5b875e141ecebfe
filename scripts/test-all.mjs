#!/usr/bin/env node
// The one test command (README): unit, server (PGlite, then PostgreSQL when TEST_DATABASE_URL is
// set), app and service-worker suites with domain coverage, then the browser suite against a built
// app and a real server. Prints one closing line "N passed, N failed" for the whole run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const out = join(process.cwd(), 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const polyfills =
  `${process.env.NODE_OPTIONS ?? ''} --import ${join(process.cwd(), 'scripts/node20-polyfills.mjs')}`.trim();
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
let exitCode = 0;

function vitest(label, args, env = {}) {
  const file = join(out, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: polyfills, ...env } },
  );
  if (r.status !== 0) exitCode = 1;
  if (!existsSync(file)) {
    notes.push(`${label}: no report written (exit ${r.status}), counted as 1 failed`);
    totals.failed += 1;
    exitCode = 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A file that fails to load (syntax error, throwing import, failing hook) has no failed test of
  // its own; it counts as one failure so the closing line never reads "0 failed" for a broken run.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  const failed = report.numFailedTests + brokenFiles;
  totals.passed += report.numPassedTests;
  totals.failed += failed;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  const broken = brokenFiles > 0 ? ` (${brokenFiles} files failed to run)` : '';
  notes.push(`${label}: ${report.numPassedTests} passed, ${failed} failed${broken}`);
  if (r.status !== 0 && failed === 0) {
    notes.push(
      `${label}: vitest exited ${r.status} with every test passing (coverage threshold or an unhandled error; see above)`,
    );
  }
}

vitest('unit-server-app (PGlite)', ['--coverage']);

if (process.env.TEST_DATABASE_URL) {
  vitest('server (PostgreSQL)', ['--project', 'server'], { TEST_DB: 'pg' });
} else {
  notes.push(
    'server (PostgreSQL): NOT RUN - TEST_DATABASE_URL is unset, so the PostgreSQL suite (concurrency and invariants) did not run',
  );
}

if (existsSync('vitest.e2e.config.ts')) {
  console.log('\n=== build for browser tests ===');
  const b = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (b.status !== 0) {
    exitCode = 1;
    totals.failed += 1;
    notes.push('build: FAILED, so the browser suite did not run (counted as 1 failed)');
  } else {
    vitest('browser (Chromium)', ['-c', 'vitest.e2e.config.ts']);
    // deploy/ with the real Caddy and nginx in front of the compiled server, on the app just built.
    if (existsSync('vitest.deploy.config.ts')) {
      const pg = Boolean(process.env.TEST_DATABASE_URL);
      vitest('deploy (Caddy, nginx)', ['-c', 'vitest.deploy.config.ts'], pg ? { TEST_DB: 'pg' } : {});
      if (!pg) notes.push('deploy: the rolling restart (PostgreSQL) NOT RUN - TEST_DATABASE_URL is unset');
    }
  }
}

console.log('\n=== summary ===');
for (const n of notes) console.log(n);
if (totals.skipped > 0) {
  console.log(`${totals.skipped} tests were skipped: a skipped test fails the run`);
  exitCode = 1;
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);
