import { UUID_RE } from '../../../src/contracts/common';
import type { PayoutResults } from '../../../src/contracts/payouts';
import { paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import { isPayoutUtr, normalizePayoutUtr } from '../../../src/domain/payout-utr';
import { listApprovals } from '../../db/repositories/four-eyes';
import { payoutUtrHolders } from '../../db/repositories/payouts';
import { findWithdrawals } from '../../db/repositories/withdrawals';
import type { Queryable } from '../../db/types';
import type { AdminPrincipal, Deps } from '../../deps';
import { approvePaidRow } from '../money/four-eyes';
import { onePayoutPerUtr } from '../money/payout-utr';
import { BANK_FAILED_REASON, decideWithdrawal } from '../money/withdrawals';
import { type AnswerRow, readBankAnswer } from './bank-answer';
import { type PlanState, planBankAnswer, type Step } from './plan';

type Who = Pick<AdminPrincipal, 'adminId' | 'username'>;

/** The withdrawals the file names, their approvals and the holders of its UTRs (locked: in id order). */
async function readState(q: Queryable, deps: Deps, rows: AnswerRow[], who: Who, lock: boolean) {
  const ids = [...new Set(rows.map((r) => r.reference.toLowerCase()).filter((r) => UUID_RE.test(r)))];
  const utrs = [...new Set(rows.map((r) => normalizePayoutUtr(r.utr)).filter(isPayoutUtr))];
  const withdrawals = await findWithdrawals(q, ids, lock);
  const approvals = await listApprovals(
    q,
    'withdrawal',
    withdrawals.map((w) => w.id),
  );
  const approvers = new Map<string, string[]>();
  for (const a of approvals)
    approvers.set(a.subject_id, [...(approvers.get(a.subject_id) ?? []), a.admin_id]);
  const state: PlanState = {
    withdrawals: new Map(withdrawals.map((w) => [w.id, w])),
    approvers,
    utrHolders: await payoutUtrHolders(q, utrs),
    fourEyesAbovePaise: pointsToPaise(deps.env.FOUR_EYES_ABOVE),
    adminId: who.adminId,
  };
  return state;
}

/** Applies one planned row inside the import's transaction (its withdrawal is locked). */
async function apply(tx: Queryable, deps: Deps, s: Step, who: Who): Promise<void> {
  const w = s.withdrawal;
  if (!w || s.action === null) return;
  if (s.action === 'fail') {
    const decision = { outcome: 'rejected' as const, adminId: who.adminId, reason: BANK_FAILED_REASON };
    await decideWithdrawal(tx, w.id, { ...decision, bankFailed: true });
    return;
  }
  const done = await approvePaidRow(tx, deps, w, who, s.utr as string);
  // The plan was made under the same locks, so the four-eyes count agrees with it.
  if ('waiting' in done !== (s.action === 'approve-first'))
    throw new Error('payout plan and approval disagree');
}

function answer(steps: Step[], dryRun: boolean): PayoutResults {
  const count = (o: Step['outcome']) => steps.filter((s) => s.outcome === o).length;
  return {
    dryRun,
    paid: count('paid'),
    failed: count('failed'),
    unchanged: count('unchanged'),
    waiting: count('waiting'),
    problems: steps
      .filter((s) => s.outcome === 'problem' || s.outcome === 'unchanged')
      .map((s) => ({ line: s.row.line, reason: s.reason ?? '' })),
    rows: steps.map((s) => ({
      line: s.row.line,
      reference: s.row.reference,
      outcome: s.outcome,
      amount: s.withdrawal ? paiseToPoints(s.withdrawal.amount_paise) : null,
      player: s.withdrawal ? { name: s.withdrawal.name ?? '', phone: s.withdrawal.phone ?? '' } : null,
      utr: s.utr,
      reason: s.reason,
      approvals: s.approvals,
    })),
  };
}

/**
 * POST /admin/payouts/results: the bank's answer to a payout batch. A dry run plans it on the
 * state as it is and writes nothing. The import locks every withdrawal the file names (one
 * statement, id order), plans on what it then sees, and applies the plan in one transaction: a
 * second import of the same file, in this process or another, waits for the first and then finds
 * every row decided (unchanged), so a failed row is refunded once. The rows are applied in player
 * order, as the settlement locks players, so an import and a settlement never wait for each other
 * in a circle.
 */
export async function importBankAnswer(deps: Deps, text: string, who: Who, dryRun: boolean) {
  const rows = readBankAnswer(text);
  if (dryRun) return answer(planBankAnswer(rows, await readState(deps.db, deps, rows, who, false)), true);
  return onePayoutPerUtr(() =>
    deps.db.transaction(async (tx) => {
      const steps = planBankAnswer(rows, await readState(tx, deps, rows, who, true));
      const order = steps
        .filter((s) => s.action !== null)
        .sort((a, b) => {
          const ua = a.withdrawal?.user_id ?? '';
          const ub = b.withdrawal?.user_id ?? '';
          return ua === ub ? a.row.line - b.row.line : ua < ub ? -1 : 1;
        });
      for (const s of order) await apply(tx, deps, s, who);
      return answer(steps, false);
    }),
  );
}
