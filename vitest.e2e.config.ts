import './scripts/node20-polyfills.mjs';
import { defineConfig } from 'vitest/config';

// Browser tests: headless Chromium (playwright-core) against the built app served by the real
// server, started once for all files by the global setup. One worker: the machine has 2 cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
  },
});
