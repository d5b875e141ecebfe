// Precompression of the built app, used by vite.config.ts after the bundle is written: every text
// file of dist/ gets a .br (Brotli, quality 11) and a .gz (gzip, level 9) beside it, which
// server/static.ts serves with Content-Encoding and Vary: Accept-Encoding. Files that do not shrink
// by at least 10% are left alone. Small chunks count too: with a 1 KB floor the eleven chunks of
// a few hundred bytes a cold /home fetched went out raw, 2.3 KB more than their Brotli copies.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
// Below this nothing shrinks by 10% (Brotli's own framing).
const MIN_BYTES = 128;

export function precompressDir(dir) {
  let files = 0;
  let before = 0;
  let after = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      if (!TEXT.has(extname(entry.name).toLowerCase()) || statSync(path).size < MIN_BYTES) continue;
      const raw = readFileSync(path);
      const br = brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      const gz = gzipSync(raw, { level: 9 });
      if (br.length < raw.length * 0.9) writeFileSync(`${path}.br`, br);
      if (gz.length < raw.length * 0.9) writeFileSync(`${path}.gz`, gz);
      files += 1;
      before += raw.length;
      after += Math.min(br.length, raw.length);
    }
  };
  walk(dir);
  return { files, before, after };
}
