import { describe, expect, it } from 'vitest';
import { PRECACHE_CONCURRENCY, runBounded } from '../../sw/precache';

// The worker's install fetches its precache a few entries at a time. The real install in Chromium
// (every entry cached, deep links offline) is covered by tests/e2e/offline.test.ts.

/** Tasks that each wait for the test to release them, recording how many ran at once. */
function gatedTasks(count: number) {
  const started: number[] = [];
  const releases: Array<(ok: boolean) => void> = [];
  let inFlight = 0;
  let most = 0;
  const tasks = Array.from({ length: count }, (_, i) => async () => {
    started.push(i);
    inFlight++;
    most = Math.max(most, inFlight);
    const ok = await new Promise<boolean>((resolve) => releases.push(resolve));
    inFlight--;
    if (!ok) throw new Error(`task ${i} failed`);
  });
  return { tasks, started, releases, most: () => most };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runBounded', () => {
  it('never runs more than the limit at once, starts in order and finishes them all', async () => {
    const { tasks, started, releases, most } = gatedTasks(10);
    const done = runBounded(tasks, 3);
    await turn();
    expect(started).toEqual([0, 1, 2]);
    for (let released = 0; released < 10; released++) {
      releases[released]?.(true);
      await turn();
    }
    await done;
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most()).toBe(3);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const { tasks, started, releases } = gatedTasks(10);
    const done = runBounded(tasks, 3);
    await turn();
    releases[1]?.(false);
    await expect(done).rejects.toThrow('task 1 failed');
    releases[0]?.(true);
    releases[2]?.(true);
    await turn();
    expect(started).toEqual([0, 1, 2]);
  });

  it('handles fewer tasks than the limit, and none', async () => {
    let ran = 0;
    await runBounded([async () => void ran++], PRECACHE_CONCURRENCY);
    await runBounded([], PRECACHE_CONCURRENCY);
    expect(ran).toBe(1);
  });
});
