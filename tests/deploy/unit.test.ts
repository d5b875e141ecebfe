/**
 * deploy/matka.service: systemd's own verifier accepts it (no warning at all), its confinement
 * scores "OK" in systemd-analyze security, and what it says agrees with the code: the command
 * `npm start` runs, production, a stop timeout that covers the server's drain, folders the
 * service may write that are the ones the server writes.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_ENV, START_V8_FLAGS } from '../../scripts/bench/helpers.mjs';
import { loadEnv } from '../../server/env';

const UNIT = 'deploy/matka.service';

/** The unit's settings: each key with every value it is given, in order. */
function settings(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (m?.[1] !== undefined) out.set(m[1], [...(out.get(m[1]) ?? []), m[2] ?? '']);
  }
  return out;
}

const unit = settings(readFileSync(UNIT, 'utf8'));
const one = (key: string) => {
  const values = unit.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0] as string;
};
/** Environment= lines as one map (a line may hold several NAME=value words). */
const environment = new Map(
  (unit.get('Environment') ?? []).flatMap((line) =>
    line.split(/\s+/).map((w) => w.split('=', 2) as [string, string]),
  ),
);

describe('deploy/matka.service', () => {
  it('is accepted by systemd-analyze verify without a warning', () => {
    // An image of the system's unit directory with a stand-in /usr/bin/node: the check is the
    // unit's, not whether this machine's Node is installed where the unit expects it.
    const root = mkdtempSync(join(tmpdir(), 'matka-unit-'));
    try {
      const units = ['/usr/lib/systemd/system', '/lib/systemd/system'].find((d) => existsSync(d));
      if (!units) throw new Error('no systemd unit directory on this machine (systemd missing?)');
      mkdirSync(join(root, 'usr/lib/systemd'), { recursive: true });
      cpSync(units, join(root, 'usr/lib/systemd/system'), { recursive: true, dereference: false });
      mkdirSync(join(root, 'etc/systemd/system'), { recursive: true });
      mkdirSync(join(root, 'usr/bin'), { recursive: true });
      const exec = one('ExecStart').split(' ')[0] as string;
      writeFileSync(join(root, exec), '#!/bin/sh\n');
      chmodSync(join(root, exec), 0o755);
      const installed = join(root, 'etc/systemd/system/matka.service');
      cpSync(UNIT, installed);
      const r = spawnSync('systemd-analyze', ['verify', `--root=${root}`, installed], { encoding: 'utf8' });
      expect(r.error).toBeUndefined();
      expect(`${r.stdout}${r.stderr}`).toBe('');
      expect(r.status).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is confined well enough for systemd-analyze security to call it OK', () => {
    const r = spawnSync('systemd-analyze', ['security', '--offline=true', UNIT], { encoding: 'utf8' });
    const level = /Overall exposure level for matka\.service: ([\d.]+) (\w+)/.exec(r.stdout);
    expect(level, r.stdout + r.stderr).not.toBeNull();
    expect(Number(level?.[1])).toBeLessThan(4);
    expect(unit.get('NoNewPrivileges')).toEqual(['yes']);
    expect(unit.get('ProtectSystem')).toEqual(['strict']);
  });

  it('runs what npm start runs, in production, with an environment file', () => {
    const exec = one('ExecStart').split(' ');
    expect(exec.at(-1)).toBe('dist-server/main.js');
    for (const flag of START_V8_FLAGS) expect(exec).toContain(flag);
    // The environment npm start gives node (MALLOC_MMAP_THRESHOLD_: docs/performance.md "Memory").
    expect(Object.keys(START_ENV).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(START_ENV)) expect(environment.get(name), name).toBe(value);
    expect(environment.get('NODE_ENV')).toBe('production');
    expect(one('EnvironmentFile')).toMatch(/^\//);
    expect(one('Restart')).toBe('on-failure');
    expect(one('KillSignal')).toBe('SIGTERM');
  });

  it('waits longer than the server can take to drain before it kills', () => {
    // The server's own defaults in production (server/env.ts), not numbers copied here.
    const env = loadEnv({
      NODE_ENV: 'production',
      OTP_SECRET: 'x'.repeat(32),
      SMS_PROVIDER: 'outbox',
      MONEY_MODE: 'points',
    });
    const drainMs = env.SHUTDOWN_DRAIN_DELAY_MS + env.SHUTDOWN_TIMEOUT_MS;
    expect(drainMs).toBeGreaterThan(0);
    expect(Number(one('TimeoutStopSec')) * 1000).toBeGreaterThanOrEqual(drainMs + 10_000);
    // One descriptor per open connection: the unit allows more than the server's own cap.
    expect(Number(one('LimitNOFILE'))).toBeGreaterThan(env.MAX_CONNECTIONS);
  });

  it('lets the server write its data and backup folders and nothing else', () => {
    const state = `/var/lib/${one('StateDirectory')}`;
    const data = environment.get('DATA_DIR') ?? '';
    const backups = environment.get('BACKUP_DIR') ?? '';
    expect(data.startsWith(`${state}/`)).toBe(true);
    expect(backups.startsWith(`${state}/`)).toBe(true);
    // PGlite's lock file sits beside DATA_DIR, so the folder above it must be the writable one.
    expect(data.slice(0, data.lastIndexOf('/'))).toBe(state);
    expect(unit.get('ReadWritePaths')).toBeUndefined();
  });
});
