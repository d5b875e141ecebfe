import { beforeEach, describe, expect, it } from 'vitest';
import { claimUntold, toTell } from '../../../src/lib/wins-told';

// Issue 49: each win is told once per device and player, on the open app or at the next open.
// Two tabs telling it once is tests/e2e/first-week.test.ts (real tabs, real localStorage).

const win = (id: string) => ({ _id: id });
const ids = (wins: { _id: string }[]) => wins.map((w) => w._id);

beforeEach(() => localStorage.clear());

describe('which wins to tell', () => {
  it('a device that never kept track tells nothing: what it reads is old news there', () => {
    const first = toTell([win('b'), win('a')], null);
    expect(first.tell).toEqual([]);
    expect(first.told.ids).toEqual(['b', 'a']);
  });

  it('tells the wins it has not told, newest first, and remembers them', () => {
    const next = toTell([win('c'), win('b'), win('a')], { ids: ['b', 'a'] });
    expect(ids(next.tell)).toEqual(['c']);
    expect(toTell([win('c'), win('b'), win('a')], next.told).tell).toEqual([]);
  });

  it('a read older than what was told forgets nothing (a second tab that read earlier)', () => {
    const told = toTell([win('a')], { ids: ['c', 'b', 'a'] }).told;
    expect(toTell([win('c'), win('b'), win('a')], told).tell).toEqual([]);
  });

  it('keeps at most 200 ids, the newest', () => {
    const many = Array.from({ length: 250 }, (_, i) => `w${i}`);
    const told = toTell([win('new')], { ids: many }).told;
    expect(told.ids).toHaveLength(200);
    expect(told.ids[0]).toBe('new');
  });
});

describe('claiming them on this device', () => {
  it('per player: another player on the same phone starts apart', async () => {
    await claimUntold('p1', [win('a')]);
    expect(ids(await claimUntold('p1', [win('b'), win('a')]))).toEqual(['b']);
    expect(await claimUntold('p2', [win('x')])).toEqual([]);
    expect(ids(await claimUntold('p2', [win('y'), win('x')]))).toEqual(['y']);
  });
});
