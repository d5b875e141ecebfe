import type { ResultReport } from '../types';

// How the console words the result feeds (issue 46): a report's outcome, and who declared a result.

/** A report's outcome as a tag: its words and its tone (admin.css `.tag`). */
export const OUTCOME: Record<ResultReport['outcome'], [string, 'ok' | 'bad' | 'muted']> = {
  agreed: ['agreed', 'ok'],
  waiting: ['waiting', 'muted'],
  conflict: ['conflict', 'bad'],
  invalid: ['invalid', 'bad'],
  early: ['early', 'muted'],
  stale: ['stale', 'muted'],
};

/** What a report said: '128-1', '389 (close)', '45'. */
export function reportNumber(r: Pick<ResultReport, 'panna' | 'digit' | 'jodi' | 'session'>): string {
  if (r.jodi) return r.jodi;
  if (!r.panna) return '';
  return `${r.panna}-${r.digit ?? ''}${r.session ? ` (${r.session})` : ''}`;
}

/** Who declared one half of a result. */
export type Provenance = { declaredBy?: string; sources?: string[] };

/**
 * Beside a result: 'declared by feed (A, B)', 'imported', 'automatic draw', or nothing for an
 * operator's. A main result whose halves came different ways names each.
 * @example provenanceText([{declaredBy: 'feed', sources: ['A', 'B']}]) // 'declared by feed (A, B)'
 */
export function provenanceText(halves: Array<Provenance | null | undefined>): string {
  const one = (p: Provenance) =>
    p.declaredBy === 'feed'
      ? `declared by feed (${(p.sources ?? []).join(', ')})`
      : p.declaredBy === 'import'
        ? 'imported'
        : p.declaredBy === 'draw'
          ? 'automatic draw'
          : 'declared by an operator';
  const words = halves.filter((h): h is Provenance => Boolean(h?.declaredBy)).map(one);
  if (words.length === 2 && words[0] !== words[1]) return `open ${words[0]}; close ${words[1]}`;
  const text = words[0] ?? '';
  return text === 'declared by an operator' ? '' : text;
}
