import { readFileSync } from 'node:fs';

export type Source = Record<string, string | undefined>;

/**
 * The words of an Environment= line: NAME=value pairs split on blanks, a "double-quoted" or
 * 'single-quoted' word kept whole (systemd.exec's rules, without escapes beyond the quotes).
 * @example assignments('A=1 "B=two words"') // [['A', '1'], ['B', 'two words']]
 */
export function assignments(line: string): Array<[string, string]> {
  const words = line.match(/"[^"]*"|'[^']*'|[^\s]+/g) ?? [];
  return words
    .map((w) => (/^(["']).*\1$/.test(w) ? w.slice(1, -1) : w))
    .filter((w) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w))
    .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]);
}

/**
 * An environment file as systemd's EnvironmentFile= reads it: NAME=value lines, `#` and `;`
 * comments, blank lines, a value in matching quotes unquoted, a trailing backslash joining lines.
 */
export function parseEnvironmentFile(text: string): Source {
  const out: Source = {};
  const lines = text.replace(/\\\r?\n/g, '').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m?.[1]) continue;
    const value = m[2] ?? '';
    out[m[1]] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return out;
}

/**
 * What the service will run with, composed as systemd does it: the unit's Environment= lines,
 * then each EnvironmentFile= (a leading `-` means optional), later ones overriding. Answers the
 * source and the files read (an unreadable required file throws with its path).
 */
export function unitEnvironment(unitPath: string): { source: Source; files: string[] } {
  const source: Source = {};
  const files: string[] = [];
  for (const raw of readFileSync(unitPath, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    const env = /^Environment=(.*)$/.exec(line);
    if (env) for (const [k, v] of assignments(env[1] ?? '')) source[k] = v;
  }
  for (const raw of readFileSync(unitPath, 'utf8').split(/\r?\n/)) {
    const m = /^EnvironmentFile=(-?)(.+)$/.exec(raw.trim());
    if (!m?.[2]) continue;
    try {
      Object.assign(source, parseEnvironmentFile(readFileSync(m[2].trim(), 'utf8')));
      files.push(m[2].trim());
    } catch (error) {
      if (m[1] !== '-') throw new Error(`cannot read ${m[2].trim()}: ${(error as Error).message}`);
    }
  }
  return { source, files };
}

/**
 * The environment to check: `--unit <file>` (what that systemd unit gives the server),
 * `--env-file <file>` (that file alone), or this process's environment. A production check:
 * NODE_ENV is production unless the source says otherwise.
 */
export function doctorSource(argv: string[], env: Source = process.env): { source: Source; from: string } {
  const flag = argv[0];
  const file = argv[1];
  let source: Source;
  let from: string;
  if (flag === '--unit' && file) {
    const unit = unitEnvironment(file);
    source = unit.source;
    from = [file, ...unit.files].join(' + ');
  } else if (flag === '--env-file' && file) {
    source = parseEnvironmentFile(readFileSync(file, 'utf8'));
    from = file;
  } else if (flag === undefined) {
    source = { ...env };
    from = 'this shell';
  } else {
    throw new Error(
      'Usage: npm run doctor [-- --unit /etc/systemd/system/matka.service | -- --env-file <file>]',
    );
  }
  return { source: { NODE_ENV: 'production', ...source }, from };
}
