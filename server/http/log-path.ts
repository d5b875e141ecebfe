/**
 * The paths whose next segment is a secret (who calls them authenticates with it): a log line shows
 * `<prefix>[secret]` instead of the path. ONE line adds a path: the payee's forwarder app
 * (POST /api/payment/notify/{secret}) and the result feeds (/api/results/feed/{secret}/{name}).
 */
export const SECRET_PATH_PREFIXES = ['/api/payment/notify/', '/api/results/feed/'] as const;

/** The last word of each prefix, any case: a path without one of them (or an escape) cannot match. */
const LAST_WORDS = new RegExp(
  SECRET_PATH_PREFIXES.map((p) => p.split('/').filter(Boolean).at(-1)).join('|'),
  'i',
);

/** Percent-decoding until nothing changes (a double-encoded `%256e` too); bad escapes stay as they are. */
function decoded(path: string): string {
  let current = path;
  for (let i = 0; i < 4 && current.includes('%'); i++) {
    const next = current.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * The path as the most lenient router would read it, for matching only: decoded, lower case,
 * backslashes and repeated slashes as one slash, `.` and `..` segments resolved, `;params` dropped.
 * @example normalisedPath('/api//Payment/%6Eotify/S3cret') // '/api/payment/notify/s3cret'
 */
export function normalisedPath(path: string): string {
  const out: string[] = [];
  for (const raw of decoded(path).toLowerCase().replace(/\\/g, '/').split('/')) {
    const segment = raw.split(';')[0] as string;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}${path.endsWith('/') && out.length > 0 ? '/' : ''}`;
}

/**
 * A request path as logs may show it: any spelling that reaches a secret-bearing path (double
 * slashes, percent-encoding, another case, a trailing slash), whether the router takes it or
 * refuses it, is written as `<prefix>[secret]`, so no log line ever carries the secret.
 * @example loggedPath('/api//payment/notify/s3cret-s3cret-s3cret') // '/api/payment/notify/[secret]'
 */
export function loggedPath(path: string): string {
  // The hot path (every request line): a path with no escape and no prefix's last word is as it is.
  if (!path.includes('%') && !LAST_WORDS.test(path)) return path;
  const normal = normalisedPath(path);
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (normal.startsWith(prefix) || `${normal}/` === prefix) {
      // A feed's source name after the secret stays when the path was written plainly: a
      // non-empty secret segment, then one name (letters, digits, '-'), nothing else.
      const name = path.startsWith(prefix)
        ? /^[^/]+\/([A-Za-z0-9-]+)$/.exec(path.slice(prefix.length))
        : null;
      return `${prefix}[secret]${name ? `/${name[1]}` : ''}`;
    }
  }
  return path;
}
