import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// What `npm run build` makes and from what: scripts/start.mjs rebuilds a part older than its
// sources, and `npm run doctor` fails a stale one (a `git pull` without a build).
export const BUILD_PARTS = [
  {
    name: 'app (vite build)',
    output: 'dist/index.html',
    sources: ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'],
  },
  {
    name: 'server (dist-server)',
    output: 'dist-server/main.js',
    sources: ['server', 'src/domain', 'src/contracts', 'package.json'],
  },
];

/** Newest modification time under a file or directory (0 when absent). */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}
