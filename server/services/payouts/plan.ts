import { UUID_RE } from '../../../src/contracts/common';
import type { PayoutOutcome } from '../../../src/contracts/payouts';
import { isPayoutUtr, normalizePayoutUtr, PAYOUT_UTR_MESSAGE } from '../../../src/domain/payout-utr';
import type { WithdrawalRow } from '../../db/repositories/withdrawals';
import { namedBefore, UTR_PAYS_ANOTHER } from '../money/payout-utr';
import type { AnswerRow } from './bank-answer';

/** What the import does with one row: approve it paid, reject it failed, record a first approval. */
export type Action = 'pay' | 'fail' | 'approve-first' | null;

export interface Step {
  row: AnswerRow;
  outcome: PayoutOutcome;
  action: Action;
  withdrawal: WithdrawalRow | null;
  utr: string | null;
  reason: string | null;
  approvals: number | null;
}

export interface PlanState {
  withdrawals: Map<string, WithdrawalRow>;
  /** The operators who approved each withdrawal already (four eyes). */
  approvers: Map<string, string[]>;
  /** Which withdrawal holds each UTR as its payout reference. */
  utrHolders: Map<string, string>;
  fourEyesAbovePaise: number;
  adminId: string;
}

/** A cell of the file inside a reason, in quotes and cut short (a file may hold anything). */
const quoted = (cell: string) => `"${cell.length > 40 ? `${cell.slice(0, 40)}…` : cell}"`;

const DECIDED_WORDS: Record<string, string> = {
  rejected: 'rejected',
  cancelled: 'cancelled by the player',
};

/** Why a row for a withdrawal that is no longer pending changes nothing (it is reported). */
function decidedReason(w: WithdrawalRow, paid: boolean, utr: string | null): string {
  if (w.status === 'approved') {
    if (!paid) return 'Already approved as paid, but the bank says it failed: check with the bank first';
    if (w.payout_utr === utr) return 'Already paid with this UTR';
    return w.payout_utr
      ? `Already paid with UTR ${w.payout_utr}`
      : 'Already approved without a UTR: add it on its card';
  }
  const was = DECIDED_WORDS[w.status] ?? w.status;
  return paid
    ? `Already ${was} and refunded, but the bank says it paid it (UTR ${utr}): recover the money or settle it by hand`
    : `Already ${was} and refunded`;
}

/** The row's UTR, or why it cannot be one (a spreadsheet turns 12 digits into '4.33212E+11'). */
function utrOf(raw: string): { utr: string } | { problem: string } {
  if (raw === '') return { problem: 'A paid row needs the UTR of the payment' };
  if (/^\d(\.\d+)?E\+\d+$/i.test(raw.trim()))
    return { problem: `The UTR ${quoted(raw)} was shortened by a spreadsheet: keep the utr column as text` };
  const utr = normalizePayoutUtr(raw);
  return isPayoutUtr(utr) ? { utr } : { problem: PAYOUT_UTR_MESSAGE };
}

/**
 * What each row of a bank's answer does to the state it finds, in file order. The same function
 * plans a dry run (state read as it is) and the import (state read with every withdrawal locked),
 * so a dry run shows what the import then does unless something changes in between.
 * - a malformed row, a reference seen on an earlier line, a UTR already used: a problem;
 * - a withdrawal no longer pending: unchanged, reported with why;
 * - `failed` on a pending one: rejected and refunded once ("Payment failed at the bank");
 * - `paid` on a pending one: approved with its UTR, unless it is above FOUR_EYES_ABOVE and this is
 *   its first approval: then the approval and the UTR are recorded and it waits for a second owner
 *   (an owner who approved it already leaves it waiting).
 */
export function planBankAnswer(rows: AnswerRow[], state: PlanState): Step[] {
  const refLines = new Map<string, number>();
  const utrLines = new Map<string, number>();
  const approvers = new Map(state.approvers);
  return rows.map((row) => {
    const ref = row.reference.toLowerCase();
    const w = UUID_RE.test(ref) ? (state.withdrawals.get(ref) ?? null) : null;
    const step = (outcome: PayoutOutcome, reason: string | null, extra: Partial<Step> = {}): Step => ({
      row,
      outcome,
      action: null,
      withdrawal: w,
      utr: null,
      reason,
      approvals: null,
      ...extra,
    });
    if (row.reference === '') return step('problem', 'The reference is empty');
    const earlier = refLines.get(ref);
    if (earlier !== undefined)
      return step('problem', `The reference is on line ${earlier} already: only that row counts`);
    refLines.set(ref, row.line);
    const status = row.status.toLowerCase();
    if (status !== 'paid' && status !== 'failed')
      return step('problem', `The status must be paid or failed, not ${quoted(row.status)}`);
    const paid = status === 'paid';
    let utr: string | null = null;
    if (paid) {
      const read = utrOf(row.utr);
      if ('problem' in read) return step('problem', read.problem);
      utr = read.utr;
    }
    if (!w) return step('problem', `No withdrawal has the reference ${quoted(row.reference)}`);
    if (w.status !== 'pending') return step('unchanged', decidedReason(w, paid, utr), { utr });
    if (!paid) return step('failed', null, { action: 'fail' });
    const sameFile = utrLines.get(utr as string);
    if (sameFile !== undefined)
      return step('problem', `UTR ${utr} is on line ${sameFile} already: one UTR pays one withdrawal`, {
        utr,
      });
    utrLines.set(utr as string, row.line);
    const holder = state.utrHolders.get(utr as string);
    if (holder !== undefined && holder !== w.id) return step('problem', UTR_PAYS_ANOTHER, { utr });
    if (w.payout_utr && w.payout_utr !== utr) return step('problem', namedBefore(w.payout_utr), { utr });
    if (w.amount_paise <= state.fourEyesAbovePaise) return step('paid', null, { action: 'pay', utr });
    const before = approvers.get(w.id) ?? [];
    if (before.includes(state.adminId))
      return step('waiting', 'You approved it already: a second owner must approve it', {
        utr,
        approvals: before.length,
      });
    approvers.set(w.id, [...before, state.adminId]);
    if (before.length >= 1) return step('paid', null, { action: 'pay', utr });
    return step('waiting', 'Above the four-eyes limit: waits for a second owner', {
      action: 'approve-first',
      utr,
      approvals: 1,
    });
  });
}
