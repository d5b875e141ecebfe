/**
 * Programs the deploy suite runs (Caddy, nginx): each in its own process group, stopped with the
 * group when the test is done and, whatever happens, when the test process exits, so no proxy is
 * ever left running on the machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface Program {
  proc: ChildProcess;
  log: () => string;
  /** SIGTERM to the whole group, SIGKILL after 5 s; resolves once the program has exited. */
  stop: () => Promise<void>;
}

const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

export function startProgram(command: string, args: string[], env: Record<string, string>): Program {
  const proc = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-50_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const pid = proc.pid;
  if (pid === undefined) throw new Error(`${command} did not start`);
  running.add(pid);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // the group is gone
    }
  };
  return {
    proc,
    log: () => output,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      // nginx's workers are in the group too: none may outlive the master.
      signal('SIGKILL');
      running.delete(pid);
    },
  };
}

/** The TCP ports a process listens on (its socket descriptors matched against /proc/net/tcp*). */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m?.[1]) inodes.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is f[1] ("0100007F:1F90"), st is f[3] (0A = LISTEN), inode is f[9].
      if (f[3] === '0A' && f[9] && inodes.has(f[9]))
        ports.add(Number.parseInt(f[1]?.split(':')[1] ?? '', 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}
