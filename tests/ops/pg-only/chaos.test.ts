/**
 * A short run of the chaos harness (scripts/chaos.mjs): two compiled server processes on one
 * PostgreSQL database, 64 workers, one process killed with SIGKILL and restarted, connections
 * dropped; it exits 0 only when every invariant holds. docs/benchmarks.md shows a long run's figures.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('chaos (short seed)', () => {
  it('two processes, a SIGKILL and dropped connections: every invariant holds', () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const r = spawnSync(
      process.execPath,
      ['scripts/chaos.mjs', '--seed', '7', '--seconds', '20', '--players', '12'],
      {
        env: { ...process.env, DATABASE_URL: url.toString() },
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    const output = `${r.stdout}\n${r.stderr}`;
    // On failure the reason comes first (CI logs keep only so much): the broken invariants, a
    // harness error or the spawn's own error, then the end of the output.
    const reason = [
      r.error ? `spawn: ${r.error.message}` : '',
      `exit ${r.status} signal ${r.signal}`,
      ...output.split('\n').filter((l) => /BROKEN|^\s+- |harness failed|died on its own|Error/.test(l)),
    ]
      .filter(Boolean)
      .join('\n')
      .slice(0, 4000);
    expect(r.status, `${reason}\n--- end of output ---\n${output.slice(-3000)}`).toBe(0);
    expect(output).toContain('every invariant holds');
    expect(output).toMatch(/process killed \(SIGKILL\)\s+1/);
    expect(output).toMatch(/process restarted\s+1/);
    expect(output).toMatch(/connections dropped\s+[1-9]/);
    // It really did money work through both processes.
    expect(output).toMatch(/accepted bids verified\s+[1-9]/);
    expect(output).toMatch(/paid orders verified\s+[1-9]/);
    expect(output).toMatch(/accepted withdrawals verified\s+[1-9]/);
  }, 300_000);
});
