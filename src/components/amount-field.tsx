import { tLists as t } from '../i18n/en/lists';
import { amountDigits } from '../lib/amount-digits';

/**
 * The 'Enter Amount' box of Add Fund and Withdrawal: it keeps digits only, at most `maxDigits`
 * (lib/amount-digits), so it never holds what the server would read differently.
 * @example <AmountField id="fund-amount" value={amount} maxDigits={FUND_DIGITS} onChange={setAmount} />
 */
export function AmountField(props: {
  id: string;
  value: string;
  maxDigits: number;
  onChange: (digits: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{t('enterAmount')}</label>
      <input
        id={props.id}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('enterAmountPlaceholder')}
        value={props.value}
        onChange={(e) => props.onChange(amountDigits(e.target.value, props.maxDigits))}
      />
    </div>
  );
}
