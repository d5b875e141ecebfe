import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './http/types';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const NOT_BUILT = `The app is not built yet.

Run "npm run build" (or "npm start", which builds it first), then reload this page.
The API is running: see /api/docs/openapi.json.
`;

/** Resolves a URL path inside dist/, refusing anything that escapes it. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return null;
  return existsSync(full) && statSync(full).isFile() ? full : null;
}

function cacheControl(urlPath: string): string {
  // Hashed build output never changes under its name; the shell and the service worker must
  // always be revalidated or an update would never reach installed apps.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (
    urlPath === '/' ||
    urlPath.endsWith('.html') ||
    urlPath === '/sw.js' ||
    urlPath.endsWith('.webmanifest')
  ) {
    return 'no-cache';
  }
  return 'public, max-age=3600';
}

function send(c: Context<AppEnv>, file: string, urlPath: string) {
  const body = readFileSync(file);
  return c.body(body, 200, {
    'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(urlPath),
    'X-Content-Type-Options': 'nosniff',
  });
}

/**
 * Serves the built PWA from dist/: real files as they are, any other non-/api GET falls back to
 * index.html (client-side routes). Without a build, a plain page says how to build.
 */
export function mountStatic(distDir: string) {
  const root = resolve(distDir);
  return (app: Hono<AppEnv>) => {
    app.on(['GET', 'HEAD'], '*', (c) => {
      const path = new URL(c.req.url).pathname;
      if (path.startsWith('/api/')) return c.notFound();
      const index = join(root, 'index.html');
      if (!existsSync(index)) return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });
      const file = fileFor(root, path);
      if (file) return send(c, file, path);
      // A missing hashed asset is a 404, not the app shell (a stale cache would parse HTML as JS).
      if (path.startsWith('/assets/') || extname(path) !== '') return c.text('Not found', 404);
      return send(c, index, '/index.html');
    });
  };
}
