import { randomInt } from 'node:crypto';
import { ALL_JODIS } from '../../../src/domain/jodis';
import { ALL_PANNAS } from '../../../src/domain/pannas';

/**
 * A uniformly random canonical panna from a CSPRNG: one of the 220, never a formatted number,
 * so the automatic draw can only produce results a player could have bid on.
 * `pick` is injectable so tests can fix the draw.
 */
export function randomPanna(pick: (n: number) => number = randomInt): string {
  return ALL_PANNAS[pick(ALL_PANNAS.length)] as string;
}

/** A uniformly random galidisawar jodi '00'..'99' from a CSPRNG. */
export function randomJodi(pick: (n: number) => number = randomInt): string {
  return ALL_JODIS[pick(ALL_JODIS.length)] as string;
}
