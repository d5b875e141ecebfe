/**
 * A password hash (scrypt, server/services/auth/passwords.ts) works in 16 MiB on one of libuv's
 * threads. With glibc's malloc as it comes, the first hash's 16 MiB, given back, raises malloc's
 * mmap threshold past that size, and every later hash's 16 MiB then stays for good in the arena of
 * the thread that ran it: up to 64 MiB with the four threads, part of the server's RSS from the
 * first sign-ins on (issue 45: the baseline "161 MiB under polls"). `npm start` sets
 * MALLOC_MMAP_THRESHOLD_ (package.json), so each hash's memory goes back when it is done.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { START_ENV, START_V8_FLAGS } from '../../scripts/bench/helpers.mjs';
import { hashPassword } from '../../server/services/auth/passwords';

/** Hashes once, then `count` at a time, in a node started with `env`: its anonymous RSS growth in MiB. */
function rssGrowthOfHashes(params: { N: number; r: number; p: number }, count: number, env: object) {
  const script = `
    const { scrypt } = require('node:crypto');
    const { readFileSync } = require('node:fs');
    const anon = () => Number(/RssAnon:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    const opts = { ...${JSON.stringify(params)}, maxmem: 64 * 1024 * 1024 };
    const hash = (pw) => new Promise((ok, fail) => scrypt(pw, 'salt', 32, opts, (e, k) => (e ? fail(e) : ok(k))));
    const settle = () => new Promise((ok) => setTimeout(ok, 200));
    (async () => {
      await hash('first');
      await settle();
      const before = anon();
      await Promise.all(Array.from({ length: ${count} }, (_, i) => hash('password ' + i)));
      await settle();
      console.log(anon() - before);
    })();`;
  const r = spawnSync(process.execPath, [...START_V8_FLAGS, '-e', script], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(r.stdout.trim());
}

describe('memory a password hash leaves behind', () => {
  it('none in a process started as npm start starts the server', async () => {
    // The parameters of the hashes the server makes, read from one.
    const [, N, r, p] = (await hashPassword('secret12')).split('$').map(Number);
    const params = { N: N as number, r: r as number, p: p as number };
    // Eight sign-ins at once, on every thread of the pool: without the setting, 48 to 64 MiB stay.
    expect(rssGrowthOfHashes(params, 8, START_ENV)).toBeLessThan(8);
  });
});
