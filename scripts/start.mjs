#!/usr/bin/env node
// `npm start`: build what is missing or older than its sources (the app always as a production
// build, whatever NODE_ENV says, and the server compiled to dist-server/), then run the compiled
// server IN THIS PROCESS: there is no wrapper to orphan, and Ctrl-C or SIGTERM reach the server,
// which drains and exits (server/main.ts).
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_PARTS, newest } from './build-parts.mjs';

const root = process.cwd();
const [app, server] = BUILD_PARTS;
const APP = {
  ...app,
  output: join(root, app.output),
  // Vite builds a development bundle (no service worker) under NODE_ENV=development or test.
  command: ['npx', ['vite', 'build'], { NODE_ENV: 'production' }],
};
const SERVER = {
  ...server,
  output: join(root, server.output),
  command: [process.execPath, ['scripts/build-server.mjs'], {}],
};

function ensureBuilt(part) {
  const built = existsSync(part.output) ? statSync(part.output).mtimeMs : 0;
  if (built > 0 && !part.sources.some((s) => newest(join(root, s)) > built)) {
    console.error(`start: ${part.name} is up to date.`);
    return;
  }
  console.error(`start: building the ${part.name}...`);
  const [cmd, args, env] = part.command;
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`start: building the ${part.name} failed; run "npm run build" to see why.`);
    process.exit(r.status ?? 1);
  }
}

// With WORKERS>1 the server forks this script again (node:cluster): only the primary builds.
if (cluster.isPrimary) {
  const began = performance.now();
  ensureBuilt(APP);
  ensureBuilt(SERVER);
  console.error(`start: builds checked in ${Math.round(performance.now() - began)} ms; starting the server`);
}
await import(pathToFileURL(SERVER.output).href);

// When npm itself is killed (even with SIGKILL) this process would live on, orphaned: package.json
// execs it in place of npm's shell so npm is the parent, and a changed parent means whoever started
// us is gone: shut down the same way SIGTERM does.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 500).unref();
