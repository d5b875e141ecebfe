/** `npm run doctor -- --env-file <file>` as an operator runs it, on settings written to a file. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface DoctorRun {
  code: number | null;
  /** Everything printed, stdout and stderr. */
  output: string;
  /** The check lines: level and the name before the first colon. */
  checks: Array<{ level: string; name: string; line: string }>;
}

export function runDoctor(
  settings: Record<string, string>,
  extraEnv: Record<string, string> = {},
): DoctorRun {
  const dir = mkdtempSync(join(tmpdir(), 'matka-doctor-'));
  try {
    const file = join(dir, 'matka.env');
    writeFileSync(
      file,
      Object.entries(settings)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    const r = spawnSync('npm', ['run', '-s', 'doctor', '--', '--env-file', file], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...extraEnv },
      timeout: 120_000,
    });
    const output = `${r.stdout}${r.stderr}`;
    const checks = r.stdout.split('\n').flatMap((line) => {
      const m = /^(ok|warn|fail)\s+([^:]+):/.exec(line);
      return m ? [{ level: m[1] as string, name: m[2] as string, line }] : [];
    });
    return { code: r.status, output, checks };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
