import './scripts/node20-polyfills.mjs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One runner, one project per part of the tree. The browser (e2e) suite has its own config
// because it needs a built app and a running server.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        // The layers (CONTRIBUTING.md): the lint's import rules and a scan for SQL outside server/db.
        test: { name: 'architecture', include: ['tests/architecture/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // tests/security attacks the server the way an adversary would (in parallel where it matters);
          // tests/ops runs the compiled server as production does (signals, processes, faults).
          include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/ops/**/*.test.ts'],
          // Concurrency and overdraft tests need real parallel transactions: PostgreSQL only.
          exclude: process.env.TEST_DB === 'pg' ? [] : ['tests/**/pg-only/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}', 'tests/sw/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/app/setup.ts'],
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { branches: 95 },
    },
  },
});
