import type { DeskContext } from '../../../src/contracts/desk';
import { paiseToPoints } from '../../../src/domain/money';
import { periodStart } from '../../../src/domain/responsible-play';
import {
  deskDepositLimits,
  deskPauses,
  deskReceived,
  deskRecent,
  deskTotals,
} from '../../db/repositories/desk';
import { openFlagsOf } from '../../db/repositories/risk-flags';
import type { Queryable } from '../../db/types';
import { inForce } from '../players/responsible-play';

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

const PERIOD = { depositDay: 'day', depositWeek: 'week', depositMonth: 'month' } as const;

/**
 * Beside a deposit: the player's pause in force and each deposit limit in force with the money
 * received in its period (credited deposits), so the operator sees a deposit that would pass the
 * player's own limit, or arrive during their time-out, before crediting it.
 */
async function addDepositGuards(
  q: Queryable,
  desk: Map<string, DeskContext>,
  ids: string[],
  at: { now: Date; tz: string },
): Promise<void> {
  const starts = {
    day: periodStart('day', at.now, at.tz),
    week: periodStart('week', at.now, at.tz),
    month: periodStart('month', at.now, at.tz),
  };
  const [pauses, limits, received] = await Promise.all([
    deskPauses(q, ids),
    deskDepositLimits(q, ids),
    deskReceived(q, ids, starts),
  ]);
  for (const d of desk.values()) {
    d.pause = null;
    d.depositLimits = [];
  }
  for (const p of pauses) {
    const d = desk.get(p.user_id);
    if (d && p.paused_until && p.paused_until.getTime() > at.now.getTime()) {
      d.pause = { kind: p.pause_kind ?? 'time-out', until: p.paused_until.toISOString() };
    }
  }
  const got = new Map(received.map((r) => [r.user_id, r]));
  for (const row of limits) {
    const value = inForce(row, at.now);
    const d = desk.get(row.user_id);
    if (!d || value === null) continue;
    const sums = got.get(row.user_id);
    d.depositLimits?.push({
      field: row.field,
      limit: paiseToPoints(value),
      received: paiseToPoints(sums ? Number(sums[PERIOD[row.field]]) : 0),
    });
  }
  for (const d of desk.values()) d.depositLimits?.sort((a, b) => a.limit - b.limit);
}

/**
 * Adds `desk` (deskContexts) to each row of an operator's list of requests that name a player;
 * with `deposits` (the market clock), also the player's pause and deposit limits (a deposit's card).
 */
export async function withDesk<T extends { user?: { _id: string } }>(
  q: Queryable,
  rows: T[],
  deposits?: { now: Date; tz: string },
) {
  const ids = [...new Set(rows.flatMap((r) => (r.user ? [r.user._id] : [])))];
  const desk = await deskContexts(q, ids);
  if (deposits) await addDepositGuards(q, desk, ids, deposits);
  return rows.map((r) => ({ ...r, desk: r.user ? (desk.get(r.user._id) ?? null) : null }));
}
