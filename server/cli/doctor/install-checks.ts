import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_PARTS, newest } from '../../../scripts/build-parts.mjs';
import type { Env } from '../../env';
import { type Check, fail, ok } from './report';

/**
 * Node at least the version package.json's "engines" asks for (">=22.12").
 * @example nodeCheck('20.19.0', '>=22.12').level // 'fail'
 */
export function nodeCheck(version = process.versions.node, engines = enginesNode()): Check {
  const want = /^>=\s*(\d+)\.(\d+)/.exec(engines);
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [wantMajor, wantMinor] = [Number(want?.[1] ?? 0), Number(want?.[2] ?? 0)];
  return major > wantMajor || (major === wantMajor && minor >= wantMinor)
    ? ok('node', `v${version}`)
    : fail('node', `v${version}, the app needs ${engines}`, 'install Node 22 (docs/going-live.md step 1)');
}

function enginesNode(): string {
  return JSON.parse(readFileSync('package.json', 'utf8')).engines?.node ?? '>=0.0';
}

/**
 * The app and the server are built and not older than their sources: a `git pull` (or an edit)
 * without `npm run build` would run yesterday's code, or none.
 */
export function buildCheck(env: Pick<Env, 'DIST_DIR'>, root = process.cwd()): Check {
  const stale: string[] = [];
  for (const part of BUILD_PARTS) {
    const output = part.output.startsWith('dist/')
      ? join(env.DIST_DIR, part.output.slice(5))
      : join(root, part.output);
    if (!existsSync(output)) return fail('build', `${output} is missing`, 'npm ci && npm run build');
    const built = statSync(output).mtimeMs;
    if (part.sources.some((s) => newest(join(root, s)) > built)) stale.push(part.name);
  }
  return stale.length > 0
    ? fail('build', `${stale.join(' and ')} older than the sources`, 'npm ci && npm run build, then restart')
    : ok('build', 'app and server built from these sources');
}
