import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { BidRow } from '../../domain/types';
import { localize } from '../../i18n/core';
import { tBidding as t } from '../../i18n/en/bidding';
import { describeBidFailure } from './bid-failure';

export type PlaceBids = (rows: BidRow[], idempotencyKey: string) => Promise<unknown>;

/**
 * The submit flow of product.md section 4: a loading toast, then success (toast, user refresh,
 * form reset) or failure (the form stays; the message and each errors-map entry as toasts).
 * One Idempotency-Key per confirmed submission: a retry of the same rows after an unsettled
 * failure (network, timeout, 5xx, 409) reuses it, so the server charges once.
 */
export function useBidSubmit(place: PlaceBids, onPlaced: (answer: unknown) => void) {
  const [submitting, setSubmitting] = useState(false);
  const pending = useRef<{ key: string; body: string } | null>(null);
  const submit = useCallback(
    async (rows: BidRow[]) => {
      const body = JSON.stringify(rows);
      const key = pending.current?.body === body ? pending.current.key : crypto.randomUUID();
      pending.current = { key, body };
      setSubmitting(true);
      const toastId = toast.loading(t('submitting'));
      try {
        const answer = await place(rows, key);
        pending.current = null;
        toast.success(t('created'), { id: toastId });
        onPlaced(answer);
      } catch (error) {
        const failure = describeBidFailure(error);
        if (failure.definite) pending.current = null;
        toast.error(localize(failure.message), { id: toastId });
        for (const message of new Set(failure.errors)) {
          if (message !== failure.message) toast.error(localize(message), { id: `bid-error-${message}` });
        }
      } finally {
        setSubmitting(false);
      }
    },
    [place, onPlaced],
  );
  return { submitting, submit };
}
