import { paiseToPoints } from '../../../src/domain/money';
import type { ResultRow } from '../../db/repositories/declared-results';
import { provenance } from '../../db/repositories/results';

/** A result in the shape of docs/product.md section 3 "Results", plus _id and createdAt. */
export function presentResult(r: ResultRow, gameName: string, openTime: string) {
  const newest = provenance(r, r.close_panna ? 'close' : 'open');
  const base = {
    _id: r.id,
    gameId: r.game_id,
    gameName,
    openTime,
    resultDate: r.result_date,
    ...newest,
    imported: r.imported,
    createdAt: r.created_at.toISOString(),
  };
  if (r.family === 'main') {
    return {
      ...base,
      openPanna: r.open_panna ? { panna: r.open_panna, digit: r.open_digit, ...provenance(r, 'open') } : null,
      closePanna: r.close_panna
        ? { panna: r.close_panna, digit: r.close_digit, ...provenance(r, 'close') }
        : null,
    };
  }
  if (r.family === 'starline') return { ...base, panna: r.panna, digit: r.digit };
  return { ...base, jodiDigit: r.jodi };
}

export function presentSettlement(s: { settledBids: number; winners: number; totalWinPaise: number }) {
  return { settledBids: s.settledBids, winners: s.winners, totalWinAmount: paiseToPoints(s.totalWinPaise) };
}
