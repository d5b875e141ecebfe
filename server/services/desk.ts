import type { DeskContext } from '../../src/contracts/desk';
import { paiseToPoints } from '../../src/domain/money';
import { deskRecent, deskTotals } from '../db/repositories/desk';
import { openFlagsOf } from '../db/repositories/risk-flags';
import type { Queryable } from '../db/types';

/**
 * What an operator needs beside a money request: the player's balance, the last 7 days in four
 * numbers, the last five ledger entries and the open risk flags naming them.
 * @example (await deskContexts(db, [id])).get(id)?.balance // 1250
 */
export async function deskContexts(q: Queryable, userIds: string[]): Promise<Map<string, DeskContext>> {
  const ids = [...new Set(userIds)];
  const [totals, recent, flags] = await Promise.all([
    deskTotals(q, ids),
    deskRecent(q, ids, 5),
    openFlagsOf(q, ids),
  ]);
  const out = new Map<string, DeskContext>();
  for (const t of totals) {
    out.set(t.user_id, {
      balance: paiseToPoints(t.balance_paise),
      last7Days: {
        deposits: paiseToPoints(t.deposits_paise),
        staked: paiseToPoints(t.staked_paise),
        won: paiseToPoints(t.won_paise),
        withdrawn: paiseToPoints(t.withdrawn_paise),
      },
      recent: [],
      flags: [],
    });
  }
  for (const e of recent) {
    out.get(e.user_id)?.recent.push({
      at: e.created_at.toISOString(),
      description: e.description,
      amount: paiseToPoints(Math.abs(e.amount_paise)),
      type: e.amount_paise > 0 ? 'credit' : 'debit',
      status: e.status,
    });
  }
  for (const f of flags) {
    for (const id of f.user_ids) out.get(id)?.flags.push({ _id: f.id, kind: f.kind });
  }
  return out;
}

/** Adds `desk` (deskContexts) to each row of an operator's list of requests that name a player. */
export async function withDesk<T extends { user?: { _id: string } }>(q: Queryable, rows: T[]) {
  const ids = rows.flatMap((r) => (r.user ? [r.user._id] : []));
  const desk = await deskContexts(q, ids);
  return rows.map((r) => ({ ...r, desk: r.user ? (desk.get(r.user._id) ?? null) : null }));
}
