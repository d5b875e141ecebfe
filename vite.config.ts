import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST_TEXT } from './src/i18n/manifest';

// The web manifest lives at the top level (design card), not in public/: in dev Vite serves it from
// the root, and this plugin copies it into dist so the built app and the precache list see it.
function topLevelManifest(): Plugin {
  return {
    name: 'top-level-manifest',
    apply: 'build',
    generateBundle() {
      const english = readFileSync('manifest.webmanifest', 'utf8');
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: english });
      // Issue 22: the same manifest in Hindi and Marathi (name, short name, description, lang).
      for (const [lang, text] of Object.entries(MANIFEST_TEXT)) {
        const source = `${JSON.stringify({ ...JSON.parse(english), ...text, lang }, null, 2)}\n`;
        this.emitFile({ type: 'asset', fileName: `manifest-${lang}.webmanifest`, source });
      }
    },
  };
}

/**
 * The shell stylesheet (the entry's CSS: the splash, the sign-in screen and home) inlined into
 * index.html, so a first visit paints the splash from the HTML alone instead of after one more
 * round trip (Lighthouse names it render-blocking: ~170-190 ms on its slow 4G). About 11 KB, 2.8 KB
 * with Brotli, in a page the worker precaches, so later opens pay nothing for it. The app's CSP
 * allows inline styles (server/http/security-headers.ts). The lazy screens' sheets still load with
 * their chunks.
 */
function inlineShellStylesheet(): Plugin {
  return {
    name: 'inline-shell-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let inlined = false;
        const out = html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/index-[\w-]+\.css)">/,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            inlined = true;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
          },
        );
        // The worker does not precache the sheet (globIgnores below): a page without it would
        // be unstyled offline, so a build that could not inline it fails here.
        if (!inlined) throw new Error('inline-shell-stylesheet: no entry stylesheet in index.html');
        return out;
      },
    },
  };
}

/**
 * Brotli and gzip copies of every text file, written once the whole build (service worker included)
 * is on disk; server/static.ts picks the one the browser accepts.
 */
function precompress(): Plugin {
  // The build's own folder: dist/, or another one (a test's build with push configured).
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      // After every other plugin's closeBundle (the PWA plugin writes sw.js in its own).
      order: 'post',
      sequential: true,
      async handler() {
        // The operator console is a build of its own into the same dist/ (vite.admin.config.ts),
        // after the worker's precache list is written, so none of it is precached.
        const { build } = await import('vite');
        await build({
          configFile: 'vite.admin.config.ts',
          logLevel: 'warn',
          mode: this.environment?.config.mode,
          build: { outDir },
        });
        // @ts-expect-error: a plain .mjs helper without type declarations
        const { precompressDir } = await import('./scripts/precompress.mjs');
        const { files, before, after } = precompressDir(outDir);
        console.log(`precompress: ${files} files, ${before} -> ${after} bytes with brotli`);
      },
    },
  };
}

/**
 * The signed-in first screen in one chunk: every module the layout and home import (statically, all
 * the way down) that the entry has not got and the sign-in page does not use. Left to the bundler,
 * a cold `/home` fetched it as 20 chunks of a few hundred bytes each (one per set of screens sharing
 * them), 3.5 KB more on the wire than one file. Every signed-in screen sits in the layout and every
 * sign-in lands on home, so the chunk is almost always wanted; a cold link to another screen pays
 * home's own code (about 2 KB Brotli) with it. The set is read from the module graph at each build,
 * so a new import joins it (or leaves it, if the sign-in page starts using it) by itself.
 */
function signedInChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'signed-in-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (root: RegExp) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        for (const id of ids) if (root.test(id)) visit(id);
        return seen;
      };
      const signIn = closure(/src\/features\/auth\/login-page\.tsx$/);
      members.clear();
      for (const id of closure(/src\/features\/(layout\/app-layout|home\/home-page)\.tsx$/)) {
        // Stylesheets stay with the chunks that load them (the shell's are inlined in index.html),
        // and a module something imports lazily (the layout and home screens themselves) stays the
        // head of its own chunk: moved into the group, its lazy chunk re-exported a namespace that
        // the bundler (rolldown 1.2) never defined.
        const lazy = (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
        if (!signIn.has(id) && !lazy && /\.[cm]?[jt]sx?$/.test(id)) members.add(id);
      }
      if (members.size === 0) throw new Error('signed-in-chunk: the layout and home were not found');
    },
  };
  return { plugin, test: (id) => members.has(id) };
}

const signedIn = signedInChunk();

/**
 * The chunks a chunk has loaded before its code runs: its static imports, and theirs. A dynamic
 * import's preload list need not name them (the importer is running, so they are there): every
 * lazy screen and piece listed react, the store and the entry again, bytes in each chunk and in the
 * precache (issue 49 found 700 KB of precache full). Read from the bundle as it is written.
 */
function staticClosure() {
  let bundle: OutputBundle | undefined;
  const memo = new Map<string, Set<string>>();
  const loadedWith = (file: string): Set<string> => {
    const known = memo.get(file);
    if (known) return known;
    const seen = new Set<string>();
    const stack = [file];
    while (stack.length > 0) {
      const chunk = bundle?.[stack.pop() as string];
      if (chunk?.type !== 'chunk') continue;
      for (const dep of chunk.imports) {
        if (seen.has(dep)) continue;
        seen.add(dep);
        stack.push(dep);
      }
    }
    memo.set(file, seen);
    return seen;
  };
  const plugin: Plugin = {
    name: 'static-closure',
    apply: 'build',
    enforce: 'pre',
    // Before Vite's own generateBundle writes the preload lists from resolveDependencies below.
    generateBundle: {
      order: 'pre',
      handler(_options, written) {
        bundle = written;
        memo.clear();
      },
    },
  };
  return { plugin, loadedWith };
}

const preload = staticClosure();

export default defineConfig({
  plugins: [
    preload.plugin,
    react(),
    signedIn.plugin,
    topLevelManifest(),
    inlineShellStylesheet(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/lib/pwa.ts registers the worker with workbox-window (with a timeout).
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        // The manifest's screenshots are for the install dialog, not for offline use; the console
        // (admin.html, assets/admin/) is not part of the player's app.
        globIgnores: [
          'screenshots/**',
          'admin.html',
          'assets/admin/**',
          // The 512 px icons are for the install dialog and the splash screen, which the browser
          // fetches online at install; nothing in the app shows them offline.
          'icons/*-512.png',
          // A language's catalogue is cached when chosen (sw/language-cache.ts), not for everyone.
          'assets/lang-*.js',
          'manifest-*.webmanifest',
          // The shell stylesheet is inlined into index.html (inlineShellStylesheet above).
          'assets/index-*.css',
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  // No source maps in the deployed app: they would publish the source (server/static.ts also
  // refuses any .map). Debug with `npm run dev`.
  build: {
    sourcemap: false,
    modulePreload: {
      // Only what the importing chunk has not loaded already (staticClosure above).
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !preload.loadedWith(hostId).has(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything every page runs first (react, the router, the store, ky, the catalogue
            // machinery, Vite's preload helper) in the entry chunk: left to itself the bundler made
            // six files of it, each one more request and its own Brotli dictionary.
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: 'signed-in', test: signedIn.test, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
