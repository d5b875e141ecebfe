import { nameWaitingPayoutUtr, payoutUtrHolders, setLaterPayoutUtr } from '../../db/repositories/payouts';
import { findWithdrawal, type WithdrawalRow } from '../../db/repositories/withdrawals';
import type { Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../errors';
import { enqueuePush } from '../push/queue';
import { laterUtrPush } from './withdrawal-pushes';

// The payout's reference on a withdrawal (docs/api.md "Withdrawals paid with proof"): one UTR pays
// one withdrawal, ever; an approved withdrawal without one gets it later, once.

export const UTR_PAYS_ANOTHER = 'This UTR is already the payout of another withdrawal';
export const UTR_ALREADY_GIVEN = 'This withdrawal has its UTR already';

/** The message when a waiting withdrawal already carries another UTR (named by its first approval). */
export const namedBefore = (utr: string) =>
  `Its first approval named UTR ${utr}: approve with that UTR, or reject it`;

/** Refuses a UTR that pays another withdrawal, or differs from the one this withdrawal waits with. */
export async function assertPayoutUtrFits(q: Queryable, w: WithdrawalRow, utr: string): Promise<void> {
  const holder = (await payoutUtrHolders(q, [utr])).get(utr);
  if (holder !== undefined && holder !== w.id) throw conflict(UTR_PAYS_ANOTHER, { utr: UTR_PAYS_ANOTHER });
  if (w.payout_utr && w.payout_utr !== utr) throw conflict(namedBefore(w.payout_utr));
}

/** A first approval's UTR on the waiting withdrawal (four eyes): the bank has paid it. */
export async function nameWaitingUtr(q: Queryable, w: WithdrawalRow, utr: string): Promise<void> {
  if (!(await nameWaitingPayoutUtr(q, w.id, utr))) throw conflict(namedBefore(w.payout_utr ?? ''));
}

/**
 * Two transactions giving one UTR to two withdrawals at once pass both checks above; the unique
 * index (migration 028) refuses the second at commit time. That refusal answers like the check.
 */
export async function onePayoutPerUtr<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { code?: string; message?: string; constraint?: string };
    const index = 'withdrawals_payout_utr_idx';
    if (e.code === '23505' && (e.constraint === index || e.message?.includes(index)))
      throw conflict(UTR_PAYS_ANOTHER, { utr: UTR_PAYS_ANOTHER });
    throw error;
  }
}

/**
 * POST /admin/withdrawals/{id}/payout {utr}: the UTR of an approved withdrawal that was approved
 * without one, once (409 after, and for a withdrawal that is not approved); the player gets a push.
 */
export async function addLaterPayoutUtr(deps: Deps, id: string, utr: string): Promise<WithdrawalRow> {
  return onePayoutPerUtr(() =>
    deps.db.transaction(async (tx) => {
      const w = await findWithdrawal(tx, id, true);
      if (!w) throw notFound('Withdrawal');
      if (w.status === 'pending')
        throw conflict('This withdrawal is not approved yet: approve it with its UTR');
      if (w.status !== 'approved') throw conflict(`This withdrawal was ${w.status}: nothing was paid`);
      if (w.payout_utr) throw conflict(UTR_ALREADY_GIVEN);
      await assertPayoutUtrFits(tx, w, utr);
      if (!(await setLaterPayoutUtr(tx, id, utr))) throw conflict(UTR_ALREADY_GIVEN);
      const after = (await findWithdrawal(tx, id)) as WithdrawalRow;
      await enqueuePush(tx, laterUtrPush(after, deps.env.MARKET_TZ));
      return after;
    }),
  );
}
