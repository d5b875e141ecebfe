import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { ADDRESS_NOT_ALLOWED, operatorAddressAllowed } from './http/address-allow';
import { acceptsEncoding } from './http/compress';
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
};

const NOT_BUILT = `The app is not built yet.

Run "npm run build" (or "npm start", which builds it first), then reload this page.
The API is running: see /api/docs/openapi.json.
`;

/** The URL path as the file system will read it (percent-escapes decoded), or null when malformed. */
function decodedPath(urlPath: string): string | null {
  try {
    const decoded = decodeURIComponent(urlPath);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/** Resolves a decoded path inside dist/, refusing anything that escapes it. */
function fileFor(root: string, decoded: string): string | null {
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

/** A file of dist/ as served: its bytes, the precompressed copies the build left beside it, an ETag. */
interface Served {
  mtimeMs: number;
  size: number;
  raw: ArrayBuffer;
  br?: ArrayBuffer;
  gz?: ArrayBuffer;
  etag: string;
}

const served = new Map<string, Served>();

/** The bytes of a file as an ArrayBuffer of their own (what Response bodies take). */
function bytesOf(file: string): ArrayBuffer {
  const b = readFileSync(file);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

/** Read once and kept in memory; read again only when the file on disk changed (a new build). */
function load(file: string): Served {
  const st = statSync(file);
  const hit = served.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
  const raw = bytesOf(file);
  const entry: Served = {
    mtimeMs: st.mtimeMs,
    size: st.size,
    raw,
    br: existsSync(`${file}.br`) ? bytesOf(`${file}.br`) : undefined,
    gz: existsSync(`${file}.gz`) ? bytesOf(`${file}.gz`) : undefined,
    etag: `"${createHash('sha1').update(new Uint8Array(raw)).digest('base64url')}"`,
  };
  served.set(file, entry);
  return entry;
}

function send(c: Context<AppEnv>, file: string, urlPath: string) {
  const f = load(file);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(urlPath),
    ETag: f.etag,
    Vary: 'Accept-Encoding',
  };
  const match = c.req.header('if-none-match');
  if (match?.split(',').some((t) => t.trim() === f.etag || t.trim() === `W/${f.etag}`)) {
    return c.body(null, 304, headers);
  }
  const accept = c.req.header('accept-encoding');
  if (f.br && acceptsEncoding(accept, 'br'))
    return c.body(f.br, 200, { ...headers, 'Content-Encoding': 'br' });
  if (f.gz && acceptsEncoding(accept, 'gzip'))
    return c.body(f.gz, 200, { ...headers, 'Content-Encoding': 'gzip' });
  return c.body(f.raw, 200, headers);
}

/**
 * Serves the built PWA from dist/: real files as they are (Brotli or gzip when the build left a
 * copy and the client accepts it; an ETag; kept in memory), any other non-/api GET falls back to
 * index.html (client-side routes). Source maps and the precompressed copies themselves are never
 * served. Without a build, a plain page says how to build.
 */
export function mountStatic(distDir: string) {
  const root = resolve(distDir);
  return (app: Hono<AppEnv>) => {
    app.on(['GET', 'HEAD'], '*', (c) => {
      const raw = new URL(c.req.url).pathname;
      if (raw.startsWith('/api/')) return c.notFound();
      const index = join(root, 'index.html');
      if (!existsSync(index)) return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });
      // Decode first, then decide: every rule below judges the path the file system will read
      // (issue 19: /index.html.b%72 got past a rule that looked at the raw path).
      const path = decodedPath(raw);
      if (path === null) return c.text('Not found', 404);
      if (path.startsWith('/api/')) return c.notFound();
      const hidden = /\.(map|br|gz)$/i.test(path);
      if (path === '/admin.html' && !operatorAddressAllowed(c, c.get('deps').env))
        return c.text(ADDRESS_NOT_ALLOWED, 403);
      const file = hidden ? null : fileFor(root, path);
      if (file) return send(c, file, path);
      // A missing hashed asset is a 404, not the app shell (a stale cache would parse HTML as JS).
      if (path.startsWith('/assets/') || extname(path) !== '') return c.text('Not found', 404);
      // The operator console (admin.html) answers /admin and everything under it, to the addresses
      // ADMIN_ALLOWED_CIDRS allows.
      const console = join(root, 'admin.html');
      if ((path === '/admin' || path.startsWith('/admin/')) && existsSync(console)) {
        if (!operatorAddressAllowed(c, c.get('deps').env)) return c.text(ADDRESS_NOT_ALLOWED, 403);
        return send(c, console, '/admin.html');
      }
      return send(c, index, '/index.html');
    });
  };
}
