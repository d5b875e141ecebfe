import { paiseToPoints } from '../../../src/domain/money';
import type { Lang } from '../../../src/i18n/languages';
import {
  findWithdrawal,
  listMethods,
  listWithdrawals,
  upsertMethod,
} from '../../db/repositories/withdrawals';
import type { Db, Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import { translate } from '../../i18n/translate';
import { notFound } from '../errors';
import { withDesk } from './desk';
import { approvalsOf, needsFourEyes, presentApproval } from './four-eyes';
import { methodDetails } from './withdrawal-method-rules';
import { cancelWithdrawal, decideWithdrawal, presentMethod, presentWithdrawal } from './withdrawals';

// The use cases behind routes/withdrawals.ts besides the request and the approval: the player's
// saved methods and own list, a cancel, and the operator's desk (list, one, reject). They live
// apart from services/money/withdrawals.ts because they read four eyes, and four-eyes.ts imports that file.

interface Page {
  limit: number;
  offset: number;
}

/** Saves a payout method, replacing the player's method of the same kind. */
export async function saveMethod(q: Queryable, userId: string, body: Parameters<typeof methodDetails>[0]) {
  return presentMethod(await upsertMethod(q, userId, methodDetails(body)));
}

export async function ownMethods(q: Queryable, userId: string) {
  return (await listMethods(q, userId)).map(presentMethod);
}

/**
 * The player's withdrawals, newest first. A reason the server wrote ("Payment failed at the bank")
 * reads in the request's language; an operator's own words stay as written.
 */
export async function ownWithdrawals(q: Queryable, userId: string, page: Page, lang: Lang) {
  const { rows, total } = await listWithdrawals(q, { userId }, page.limit, page.offset);
  return {
    rows: rows.map((w) => {
      const shown = presentWithdrawal(w);
      return shown.reason ? { ...shown, reason: translate(shown.reason, lang) } : shown;
    }),
    total,
  };
}

/** Cancels the player's own pending withdrawal and refunds the hold, in one transaction. */
export async function cancelOwnWithdrawal(db: Db, id: string, userId: string) {
  const out = await db.transaction((tx) => cancelWithdrawal(tx, id, userId));
  return { ...presentWithdrawal(out.withdrawal), balance: paiseToPoints(out.balancePaise) };
}

/**
 * The operators' desk: each withdrawal with who approved it already and whether a second
 * operator is needed (four eyes), and beside it where the money goes, the player's balance, their
 * last 7 days, last ledger entries and open risk flags (services/money/desk.ts).
 */
export async function deskWithdrawals(deps: Deps, status: string | undefined, page: Page) {
  const { rows, total } = await listWithdrawals(deps.db, { status }, page.limit, page.offset);
  const approvals = await approvalsOf(
    deps.db,
    'withdrawal',
    rows.map((w) => w.id),
  );
  const items = rows.map((w) => ({
    ...presentWithdrawal(w),
    needsTwoApprovals: needsFourEyes(deps, w.amount_paise),
    /** The UTR its first approval named (the bank paid it; a second operator still approves). */
    waitingUtr: w.status === 'pending' ? w.payout_utr : null,
    approvals: approvals.filter((a) => a.subject_id === w.id).map(presentApproval),
  }));
  return { rows: await withDesk(deps.db, items), total };
}

/** One withdrawal with its desk context (404 when there is none). */
export async function deskWithdrawal(q: Queryable, id: string) {
  const w = await findWithdrawal(q, id);
  if (!w) throw notFound('Withdrawal');
  return (await withDesk(q, [presentWithdrawal(w)]))[0];
}

/** Rejects a pending withdrawal and refunds it; the reason is shown to the player. */
export async function rejectWithdrawal(db: Db, id: string, adminId: string, reason: string) {
  const w = await db.transaction((tx) => decideWithdrawal(tx, id, { outcome: 'rejected', adminId, reason }));
  return presentWithdrawal(w);
}
