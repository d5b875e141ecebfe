import { tBidding as t } from '../../../i18n/en/bidding';
import { useAmounts } from '../../../lib/money-mode';
import type { BidScreenConfig } from '../screens';

type Props = {
  total: number;
  /** The screen's submit label, or why bidding is stopped (a pause). */
  label: BidScreenConfig['submitLabel'] | string;
  disabled?: boolean;
  onSubmit: () => void;
};

/**
 * The 'Total Points' line ('Total Amount: ₹50' in money mode: one unit, issue 49) and the button
 * that opens the confirmation dialog.
 */
export function TotalBar({ total, label, disabled, onSubmit }: Props) {
  const amounts = useAmounts();
  return (
    <div className="bid-total-bar">
      <p className="bid-total">
        {t(amounts.mode === 'points' ? 'totalPoints' : 'totalAmount')}{' '}
        <strong data-testid="total-points">{amounts.value(total)}</strong>
      </p>
      <button type="button" className="bid-submit" disabled={disabled} onClick={onSubmit}>
        {label === 'See Bids' ? t('seeBids') : label === 'Submit Game' ? t('submitGame') : label}
      </button>
    </div>
  );
}
