import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { bidsTotal } from '../../domain/bid-validation';
import type { Session } from '../../domain/types';
import { draftEntries, draftReducer, EMPTY_DRAFT } from './draft-reducer';
import type { BidScreenConfig } from './screens';

/**
 * The screen state of one bid form: the draft, its entries and total, and the market type kept in
 * step with the sessions still open (the first available one is selected, docs/product.md section 4).
 */
export function useBidDraft(config: BidScreenConfig, sessions: readonly Session[]) {
  const reducer = useMemo(() => draftReducer(config), [config]);
  const [state, dispatch] = useReducer(reducer, sessions, (s) => ({ ...EMPTY_DRAFT, session: s[0] ?? null }));
  const clearAll = config.kind === 'half-sangam';
  const changeSession = useCallback(
    (session: Session | null) => dispatch({ type: 'session', session, clearAll }),
    [clearAll],
  );
  const current = state.session;
  const sessionsKey = sessions.join(',');
  useEffect(() => {
    const open = sessionsKey === '' ? [] : (sessionsKey.split(',') as Session[]);
    // A session that has just closed (or none chosen yet) moves to the first one still open.
    if (current === null ? open.length > 0 : !open.includes(current)) changeSession(open[0] ?? null);
  }, [sessionsKey, current, changeSession]);
  const entries = useMemo(() => draftEntries(state, config), [state, config]);
  return { state, dispatch, entries, total: bidsTotal(entries), changeSession };
}

export type BidDraft = ReturnType<typeof useBidDraft>;
