#!/usr/bin/env node
// `npm start`: build the app when dist/ is missing or older than its sources, then run the one
// server process (API + built PWA on PORT, default 8080). Signals are passed on to the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const distIndex = join(root, 'dist', 'index.html');
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'];

/** Newest modification time under a file or directory (0 when absent). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

function needsBuild() {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  return SOURCES.some((s) => newest(join(root, s)) > built);
}

if (!existsSync(join(root, 'vite.config.ts')) || !existsSync(join(root, 'index.html'))) {
  console.error('start: no vite.config.ts/index.html yet, so the app cannot be built; serving the API only.');
} else if (needsBuild()) {
  console.error('start: building the app (vite build)...');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('start: the build failed; fix it or run "npm run build" to see why.');
    process.exit(build.status ?? 1);
  }
} else {
  console.error('start: dist/ is up to date.');
}

// node --import tsx (not npx) so the server is our direct child and receives our signals.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
