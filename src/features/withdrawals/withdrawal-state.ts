import type { Pagination } from '../../api/types';
import type { Withdrawal } from '../../api/withdrawals';

/** The withdrawal slice of docs/product.md section 4: the list, and the creation's loading/error/success. */
export type WithdrawalState = {
  items: Withdrawal[] | null;
  pagination: Pagination | null;
  listLoading: boolean;
  loading: boolean;
  error: string | null;
  success: boolean;
  cancelling: boolean;
};

export type WithdrawalAction =
  | { type: 'list/pending' }
  | { type: 'list/done'; items: Withdrawal[]; pagination: Pagination }
  | { type: 'list/failed' }
  | { type: 'create/pending' }
  | { type: 'create/done'; withdrawal: Withdrawal }
  | { type: 'create/failed'; error: string }
  | { type: 'cancel/pending' }
  | { type: 'cancel/done'; withdrawal: Withdrawal }
  | { type: 'cancel/failed' }
  | { type: 'reset' };

export const initialWithdrawalState: WithdrawalState = {
  items: null,
  pagination: null,
  listLoading: true,
  loading: false,
  error: null,
  success: false,
  cancelling: false,
};

/**
 * Creation resets the success flag; success sets it and puts the new withdrawal at the top of the
 * list; reset clears loading, error and success.
 */
export function withdrawalReducer(state: WithdrawalState, action: WithdrawalAction): WithdrawalState {
  switch (action.type) {
    case 'list/pending':
      return { ...state, listLoading: true };
    case 'list/done':
      return { ...state, listLoading: false, items: action.items, pagination: action.pagination };
    case 'list/failed':
      return { ...state, listLoading: false };
    case 'create/pending':
      return { ...state, loading: true, error: null, success: false };
    case 'create/done': {
      const rest = (state.items ?? []).filter((w) => w._id !== action.withdrawal._id);
      return { ...state, loading: false, success: true, items: [action.withdrawal, ...rest] };
    }
    case 'create/failed':
      return { ...state, loading: false, error: action.error };
    case 'cancel/pending':
      return { ...state, cancelling: true };
    case 'cancel/done': {
      const items = (state.items ?? []).map((w) => (w._id === action.withdrawal._id ? action.withdrawal : w));
      return { ...state, cancelling: false, items };
    }
    case 'cancel/failed':
      return { ...state, cancelling: false };
    case 'reset':
      return { ...state, loading: false, error: null, success: false };
  }
}
