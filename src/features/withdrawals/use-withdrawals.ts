import { useCallback, useEffect, useReducer, useRef } from 'react';
import { createOnceKeys } from '../../api/idempotency';
import {
  cancelWithdrawal,
  createWithdrawal,
  fetchWithdrawals,
  type Withdrawal,
  type WithdrawalMethodName,
} from '../../api/withdrawals';
import { usePageLoader } from '../../components/use-paged-list';
import { tMoney } from '../../i18n/en/money';
import { showError, showSuccess } from '../../lib/toast';
import { initialWithdrawalState, withdrawalReducer } from './withdrawal-state';

export const SUCCESS_BANNER_MS = 3000;
export const SUBMIT_FAILED = 'Failed to submit withdrawal request!';

/**
 * The withdrawal list (paged) and the creation flow. A failed creation shows the inline
 * 'Failed to submit withdrawal request!' and toasts the reason; the success banner clears after 3 s.
 * `onCreated` hears the new balance after a withdrawal is held and after one is cancelled.
 */
export function useWithdrawals(onCreated: (balance: number | undefined) => void) {
  const [state, dispatch] = useReducer(withdrawalReducer, initialWithdrawalState);
  const keys = useRef(createOnceKeys());
  const { page, setPage } = usePageLoader(
    fetchWithdrawals,
    {
      pending: () => dispatch({ type: 'list/pending' }),
      done: (answer) => dispatch({ type: 'list/done', ...answer }),
      failed: (error) => {
        dispatch({ type: 'list/failed' });
        showError((error as Error).message);
      },
    },
    'withdrawals',
  );

  useEffect(() => {
    if (!state.success) return;
    const timer = setTimeout(() => dispatch({ type: 'reset' }), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [state.success]);

  const create = useCallback(
    async (amount: number, method: WithdrawalMethodName) => {
      const body = { amount, method };
      dispatch({ type: 'create/pending' });
      try {
        const withdrawal = await createWithdrawal(body, keys.current.keyFor(JSON.stringify(body)));
        keys.current.settle();
        dispatch({ type: 'create/done', withdrawal });
        // The newest withdrawal belongs on the first page; from a later page go back to it.
        setPage(1);
        onCreated(withdrawal.balance);
        return true;
      } catch (error) {
        keys.current.settle(error);
        dispatch({ type: 'create/failed', error: SUBMIT_FAILED });
        showError((error as Error).message);
        return false;
      }
    },
    [onCreated, setPage],
  );

  /** The player's cancel: the row becomes cancelled and the refunded balance shows at once. */
  const cancel = useCallback(
    async (w: Withdrawal) => {
      dispatch({ type: 'cancel/pending' });
      try {
        const done = await cancelWithdrawal(w._id);
        dispatch({ type: 'cancel/done', withdrawal: done });
        onCreated(done.balance);
        showSuccess(tMoney('withdrawalCancelled'));
        return true;
      } catch (error) {
        dispatch({ type: 'cancel/failed' });
        showError((error as Error).message);
        // An operator may have decided it meanwhile: read the page again to show where it stands.
        fetchWithdrawals(page).then(
          (answer) => dispatch({ type: 'list/done', ...answer }),
          () => undefined,
        );
        return false;
      }
    },
    [onCreated, page],
  );

  return { state, page, setPage, create, cancel };
}
