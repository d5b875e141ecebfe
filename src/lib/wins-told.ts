import type { Winner } from '../contracts/bids';

// Which of a player's wins this device has already told them (issue 49: the balance jumped from
// ₹350 to ₹1,300 without a word). Kept per device and player in localStorage, so a win is told
// once: on the open app when its result lands, or on the next open when it was credited while the
// app was closed; tabs of the app agree through one lock (navigator.locks) around read and write.

/** What this device has told a player: the ids of their wins it has read, newest first. */
export type Told = { ids: string[] };

const KEY_PREFIX = 'winsTold:';
const LOCK = 'matka-wins-told';
/** Ids kept: ten times the window read (20), so a tab that read an older window never tells again. */
const KEPT = 200;

/**
 * The wins to tell now, and what the device has told after telling them. A device that has
 * never kept track for this player (a new phone, a first sign-in) tells nothing: every win it
 * reads is old news there, and from then on only new ones are told. The ids read join those
 * already told (newest first, at most 200), so a tab holding an older read forgets nothing.
 * @example toTell([{_id: 'b'}, {_id: 'a'}], {ids: ['a']}) // {tell: [{_id: 'b'}], told: {ids: ['b', 'a']}}
 */
export function toTell<W extends Pick<Winner, '_id'>>(
  wins: W[],
  told: Told | null,
): { tell: W[]; told: Told } {
  const ids = wins.map((w) => w._id);
  const before = told?.ids ?? [];
  const kept = [...ids, ...before.filter((id) => !ids.includes(id))].slice(0, KEPT);
  if (told === null) return { tell: [], told: { ids: kept } };
  const known = new Set(before);
  return { tell: wins.filter((w) => !known.has(w._id)), told: { ids: kept } };
}

function read(userId: string): Told | null {
  try {
    const raw = localStorage.getItem(KEY_PREFIX + userId);
    const told = raw ? (JSON.parse(raw) as Told) : null;
    return told && Array.isArray(told.ids) ? told : null;
  } catch {
    return null;
  }
}

function write(userId: string, told: Told): void {
  try {
    localStorage.setItem(KEY_PREFIX + userId, JSON.stringify(told));
  } catch {
    // Storage full or refused: the wins are told again next time rather than lost.
  }
}

/**
 * Claims the wins of `wins` (the newest first, as GET /user/winners answers them) that this device
 * has not told `userId` yet, and marks them told. Two tabs claiming at once take turns (Web Locks),
 * so one of them gets each win; a browser without locks has only the moment between the read and
 * the write for two tabs to both tell it.
 */
export async function claimUntold<W extends Pick<Winner, '_id'>>(userId: string, wins: W[]): Promise<W[]> {
  const claim = () => {
    const { tell, told } = toTell(wins, read(userId));
    write(userId, told);
    return tell;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return claim();
  return locks.request(LOCK, claim);
}
