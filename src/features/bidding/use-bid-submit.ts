import { useCallback, useRef, useState } from 'react';
import { isNetworkFailure } from '../../api/errors';
import type { BidRow } from '../../domain/types';
import { localize } from '../../i18n/core';
import { tBidding as t } from '../../i18n/en/bidding';
import { browserSaysOffline } from '../../lib/network';
import { showError, showLoading, showSuccess } from '../../lib/toast';
import { describeBidFailure } from './bid-failure';

export type PlaceBids = (rows: BidRow[], idempotencyKey: string) => Promise<unknown>;

/**
 * What the confirmation dialog says after a submission that did not go through (issue 39): the bid
 * was not sent (offline), its answer never came (it may or may not be placed), or the balance is
 * short (with Add Fund beside it). Null when there is nothing to say.
 */
export type BidNotice = { kind: 'offline' | 'no-answer' | 'short'; message: string } | null;

/** The server's words for a short balance (server/services/bids/place.ts, docs/api.md "Bids"). */
const SHORT_BALANCE = 'Insufficient balance';

/**
 * Offline as the browser says it: nothing is sent then. (The app's own watch, lib/network.ts, may
 * still say offline for a while after the connection returns; a Submit then is tried.)
 */
function knownOffline(): boolean {
  return browserSaysOffline() || navigator.onLine === false;
}

/**
 * The submit flow of docs/product.md section 4: a loading toast, then success (toast, user refresh,
 * form reset) or failure (the form stays; the message and each errors-map entry as toasts).
 * One Idempotency-Key per confirmed submission: a retry of the same rows after an unsettled
 * failure (network, timeout, 5xx, 409) reuses it, so the server charges once.
 *
 * Offline, nothing is sent and nothing is queued: the dialog says the bid was not sent and stays
 * open for a Submit once the player is back (docs/player-app.md "Bids offline").
 */
export function useBidSubmit(
  place: PlaceBids,
  onPlaced: (answer: unknown) => void,
  /** Reads the rates again: the server refused a rate the dialog showed (it changed meanwhile). */
  onRateChanged?: () => void,
) {
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<BidNotice>(null);
  const pending = useRef<{ key: string; body: string } | null>(null);
  const submit = useCallback(
    async (rows: BidRow[]) => {
      if (knownOffline()) {
        const message = t('offlineNotSent');
        setNotice({ kind: 'offline', message });
        showError(message, 'bid-offline');
        return;
      }
      const body = JSON.stringify(rows);
      const key = pending.current?.body === body ? pending.current.key : crypto.randomUUID();
      pending.current = { key, body };
      setSubmitting(true);
      setNotice(null);
      // One toast per submission: 'Submitting your bid...', then its outcome in its place.
      const toastId = `bid-${key}`;
      showLoading(t('submitting'), toastId);
      try {
        const answer = await place(rows, key);
        pending.current = null;
        showSuccess(t('created'), toastId);
        onPlaced(answer);
      } catch (error) {
        const failure = describeBidFailure(error);
        if (failure.definite) pending.current = null;
        // Sent, and no answer came (the connection dropped, or it timed out): it may have landed.
        if (isNetworkFailure(error)) {
          const message = t('noAnswer');
          setNotice({ kind: 'no-answer', message });
          showError(message, toastId);
          return;
        }
        if (failure.message === SHORT_BALANCE) setNotice({ kind: 'short', message: localize(SHORT_BALANCE) });
        if (failure.rateChanged) onRateChanged?.();
        showError(failure.message, toastId);
        for (const message of new Set(failure.errors)) {
          if (message !== failure.message) showError(message, `bid-error-${message}`);
        }
      } finally {
        setSubmitting(false);
      }
    },
    [place, onPlaced, onRateChanged],
  );
  const clearNotice = useCallback(() => setNotice(null), []);
  return { submitting, submit, notice, clearNotice };
}
