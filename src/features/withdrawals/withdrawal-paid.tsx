import type { Withdrawal } from '../../api/withdrawals';
import { tMoney as t } from '../../i18n/en/money';
import { dayTime } from '../../lib/play-words';
import { showError, showSuccess } from '../../lib/toast';

/** Puts the UTR on the clipboard; a browser that refuses says how to copy it by hand. */
async function copyUtr(utr: string) {
  try {
    await navigator.clipboard.writeText(utr);
    showSuccess(t('utrCopied'));
  } catch {
    showError(t('copyFailed'));
  }
}

/**
 * An approved withdrawal's proof: "Paid on 28 Nov, 03:10 PM" in the market zone and, once the
 * operator or the bank gave it, "UTR 433212345678" with a Copy button, so the player can ask their
 * own bank about the transfer (docs/api.md "Withdrawals paid with proof").
 */
export function PaidLine({ w, tz }: { w: Withdrawal; tz: string }) {
  if (!w.paidAt) return null;
  return (
    <div className="withdrawal-paid">
      <time dateTime={w.paidAt}>{t('paidOn', { when: dayTime(new Date(w.paidAt), tz) })}</time>
      {w.payoutUtr ? (
        <span className="withdrawal-utr">
          <span className="withdrawal-utr-number">{t('utrLine', { utr: w.payoutUtr })}</span>
          <button
            type="button"
            className="withdrawal-copy"
            aria-label={t('copyUtrOf', { utr: w.payoutUtr })}
            onClick={() => void copyUtr(w.payoutUtr as string)}
          >
            {t('copyUtr')}
          </button>
        </span>
      ) : null}
    </div>
  );
}
