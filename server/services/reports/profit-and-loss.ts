import type { PnlQuery, PnlReport, PnlRow } from '../../../src/contracts/reports';
import { BET_TYPES } from '../../../src/domain/bet-types';
import { paiseToPoints } from '../../../src/domain/money';
import type { GameType } from '../../../src/domain/types';
import { type PnlGroupRow, pnlGroups } from '../../db/repositories/reports';
import type { Queryable } from '../../db/types';

interface Paise {
  bids: number;
  stake: number;
  payout: number;
  pending: number;
}

const figures = (p: Paise) => ({
  bids: p.bids,
  stake: paiseToPoints(p.stake),
  payout: paiseToPoints(p.payout),
  net: paiseToPoints(p.stake - p.payout),
  pending: paiseToPoints(p.pending),
  // A bid waiting for its result has paid nothing: the rest of the stake is what has a result.
  settledNet: paiseToPoints(p.stake - p.pending - p.payout),
});

function label(by: PnlQuery['by'], row: PnlGroupRow): string {
  if (by === 'market') return row.game_name ?? row.key;
  if (by === 'gameType') return BET_TYPES[row.key as GameType]?.title ?? row.key;
  return row.key;
}

/**
 * GET /admin/reports/pnl: bids, stake, payout (after reverts), net and the stake still pending of
 * market days from..to, per market, gameType or day, with their totals (summed in paise here, so
 * the totals are the rows' exact sum).
 */
export async function profitAndLoss(q: Queryable, query: PnlQuery): Promise<PnlReport> {
  const groups = await pnlGroups(q, query.by, query.from, query.to);
  const total: Paise = { bids: 0, stake: 0, payout: 0, pending: 0 };
  const rows: PnlRow[] = groups.map((g) => {
    const p: Paise = {
      bids: Number(g.bids),
      stake: Number(g.stake_paise),
      payout: Number(g.payout_paise),
      pending: Number(g.pending_paise),
    };
    total.bids += p.bids;
    total.stake += p.stake;
    total.payout += p.payout;
    total.pending += p.pending;
    return {
      key: g.key,
      label: label(query.by, g),
      ...(query.by === 'market' && g.family ? { family: g.family } : {}),
      ...figures(p),
    };
  });
  return { from: query.from, to: query.to, by: query.by, rows, totals: figures(total) };
}
