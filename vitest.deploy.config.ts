import './scripts/node20-polyfills.mjs';
import { defineConfig } from 'vitest/config';

// The deploy suite (issue 47): deploy/ with the real programs. The compiled server behind Caddy
// and nginx over HTTPS (Chromium included), the systemd unit, `npm run doctor` and the going-live
// page's commands. One worker: the machine has 2 cores and each file runs servers and proxies.
export default defineConfig({
  test: {
    name: 'deploy',
    include: ['tests/deploy/**/*.test.ts'],
    // A rolling restart needs two processes on one database: PostgreSQL only.
    exclude: process.env.TEST_DB === 'pg' ? [] : ['tests/deploy/pg-only/**'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
  },
});
