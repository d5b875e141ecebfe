import { AmountField } from '../../components/amount-field';
import { FUND_QUICK_AMOUNTS } from '../../contracts/funds';
import { formatRupees } from '../../domain/format';
import { tMoney as t } from '../../i18n/en/money';
import '../../components/chip.css';

/** A fund request is at most 10 lakh (contracts/funds.ts): 7 digits. */
const FUND_DIGITS = 7;

/**
 * Amount (digits only), the quick amounts and Proceed, disabled when empty or not above zero, and
 * while the player is paused, which it says (issue 39: Proceed stayed active for a paused player).
 */
export function AddFundForm(props: {
  amount: string;
  onAmount: (amount: string) => void;
  submitting: boolean;
  onProceed: () => void;
  /** Why deposits stop now (a time-out or self-exclusion), or null. */
  paused?: string | null;
}) {
  const { amount, onAmount, submitting, onProceed, paused } = props;
  const value = Number(amount);
  const canProceed = amount !== '' && value > 0 && !submitting && !paused;
  return (
    <form
      className="fund-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (canProceed) onProceed();
      }}
    >
      <AmountField id="fund-amount" value={amount} maxDigits={FUND_DIGITS} onChange={onAmount} />
      <fieldset className="fund-quick" aria-label={t('quickAmounts')}>
        {FUND_QUICK_AMOUNTS.map((q) => (
          <button
            key={q}
            type="button"
            className={`fund-chip ${value === q ? 'active' : ''}`}
            aria-pressed={value === q}
            onClick={() => onAmount(String(q))}
          >
            {formatRupees(q)}
          </button>
        ))}
      </fieldset>
      {paused ? (
        <p className="form-error" role="status">
          {paused}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={!canProceed}>
        {submitting ? t('pleaseWait') : t('proceed')}
      </button>
    </form>
  );
}
