import {
  payoutAmountMismatches,
  payoutsMissingFromStatements,
} from '../../db/repositories/payout-reconciliation';
import {
  amountMismatches,
  creditsMissingFromStatements,
  type NewException,
  type Scope,
  uncreditedLines,
} from '../../db/repositories/reconciliation';
import type { Queryable } from '../../db/types';
import type { BalanceBreak } from '../bank-statements/parse';
import {
  breakText,
  mismatchText,
  missingText,
  payoutMismatchText,
  payoutMissingText,
  uncreditedText,
} from './words';

// The reconciliation's checks (docs/api.md "Bank statements"): each finds, among what a
// reconciliation looks at, everything of its kind that is wrong now. The runner (run.ts) opens
// what is new, once ever per key, and closes by itself an open one that its check no longer finds,
// when the check says what settles it. To add a kind: one more check here, and its name in
// EXCEPTION_KINDS (src/contracts/bank-statements.ts). Deposits are checked against the statements'
// credit lines, paid withdrawals (payout-reconciliation.ts) against their debit lines.

export interface CheckInput {
  q: Queryable;
  scope: Scope;
  /** The statement being uploaded, with its balance breaks (none in a periodic run). */
  upload: { bank: string; breaks: Array<BalanceBreak & { rowId: string; rowKey: string }> } | null;
}

export interface ExceptionCheck {
  kind: string;
  /** What settles an open one the check no longer finds (null: only an owner closes it). */
  settledBy: { by: 'statement' | 'credit'; note: string } | null;
  find(input: CheckInput): Promise<NewException[]>;
}

/** A UPI credit that no statement shows, once the statements cover its day and the next. */
const creditedNotInStatement: ExceptionCheck = {
  kind: 'credited-not-in-statement',
  settledBy: { by: 'statement', note: 'A later statement shows this credit' },
  async find({ q, scope }) {
    return (await creditsMissingFromStatements(q, scope)).map((c) => ({
      key: `credited-not-in-statement:${c.fund_id}`,
      kind: 'credited-not-in-statement',
      amountPaise: Number(c.amount_paise),
      utr: c.utr,
      fundId: c.fund_id,
      notificationId: c.notification_id,
      rowId: null,
      detail: missingText(c, scope.tz),
      day: c.day,
    }));
  },
};

/**
 * The statement shows a credit's UTR with another amount than was credited, or a payout's UTR
 * with another amount than the withdrawal paid (and no debit line of its amount).
 */
const amountMismatch: ExceptionCheck = {
  kind: 'amount-mismatch',
  settledBy: null,
  async find({ q, scope }) {
    const payouts = (await payoutAmountMismatches(q, scope)).map((p) => ({
      key: `amount-mismatch:payout:${p.withdrawal_id}`,
      kind: 'amount-mismatch',
      amountPaise: Number(p.amount_paise),
      utr: p.utr,
      fundId: null,
      withdrawalId: p.withdrawal_id,
      notificationId: null,
      rowId: p.row_id,
      detail: payoutMismatchText(p, scope.tz),
      day: p.txn_date,
    }));
    const credits = (await amountMismatches(q, scope)).map((c) => ({
      key: `amount-mismatch:${c.fund_id}:${c.row_id}`,
      kind: 'amount-mismatch',
      amountPaise: Number(c.amount_paise),
      utr: c.utr,
      fundId: c.fund_id,
      notificationId: c.notification_id,
      rowId: c.row_id,
      detail: mismatchText(c, scope.tz),
      day: c.txn_date,
    }));
    return [...credits, ...payouts];
  },
};

/**
 * A UPI credit in a statement that no fund request was credited with: a player who paid and waits,
 * or, under a paid withdrawal's UTR, its payout come back (a reversal).
 */
const statementCreditUncredited: ExceptionCheck = {
  kind: 'statement-credit-uncredited',
  settledBy: { by: 'credit', note: 'A fund request was credited with this UTR' },
  async find({ q, scope }) {
    return (await uncreditedLines(q, scope)).map((r) => ({
      key: `statement-credit-uncredited:${r.row_id}`,
      kind: 'statement-credit-uncredited',
      amountPaise: Number(r.line_paise),
      utr: r.utr,
      fundId: r.fund_id,
      withdrawalId: r.payout_id,
      notificationId: r.notification_id,
      rowId: r.row_id,
      detail: uncreditedText(r),
      day: r.txn_date,
    }));
  },
};

/** A line of the uploaded statement whose running balance does not follow from the line before. */
const balanceBreak: ExceptionCheck = {
  kind: 'balance-break',
  settledBy: null,
  async find({ upload }) {
    if (!upload) return [];
    return upload.breaks.map((b) => ({
      key: `balance-break:${b.rowKey}`,
      kind: 'balance-break',
      amountPaise: b.line.creditPaise || b.line.debitPaise,
      utr: b.line.utr,
      fundId: null,
      notificationId: null,
      rowId: b.rowId,
      detail: breakText(upload.bank, b),
      day: b.line.date,
    }));
  },
};

/**
 * A withdrawal paid with a UTR that no statement shows as a debit, once the statements cover the
 * day it was paid and the next (docs/api.md "Withdrawals paid with proof"). One approved without a
 * UTR is not judged until its UTR is added (POST /admin/withdrawals/{id}/payout).
 */
const payoutNotInStatement: ExceptionCheck = {
  kind: 'payout-not-in-statement',
  settledBy: { by: 'statement', note: 'A later statement shows this payout' },
  async find({ q, scope }) {
    return (await payoutsMissingFromStatements(q, scope)).map((p) => ({
      key: `payout-not-in-statement:${p.withdrawal_id}`,
      kind: 'payout-not-in-statement',
      amountPaise: Number(p.amount_paise),
      utr: p.utr,
      fundId: null,
      withdrawalId: p.withdrawal_id,
      notificationId: null,
      rowId: null,
      detail: payoutMissingText(p, scope.tz),
      day: p.day,
    }));
  },
};

/** Every check a reconciliation runs, in order. */
export const EXCEPTION_CHECKS: readonly ExceptionCheck[] = [
  creditedNotInStatement,
  amountMismatch,
  statementCreditUncredited,
  balanceBreak,
  payoutNotInStatement,
];
