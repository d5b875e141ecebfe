import { memo } from 'react';
import { tBidding as t } from '../../../i18n/en/bidding';

type RowProps = {
  value: string;
  amount: string;
  invalid: boolean;
  onChange: (value: string, text: string) => void;
};

/** One number with its own amount input; memoised so typing re-renders a single row. */
const AmountRow = memo(function AmountRow({ value, amount, invalid, onChange }: RowProps) {
  return (
    <label className={`bid-single-row${amount ? ' has-amount' : ''}`}>
      <span className="bid-single-number">{value}</span>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={7}
        aria-label={t('amountFor', { value })}
        aria-invalid={invalid || undefined}
        placeholder="0"
        value={amount}
        onChange={(e) => onChange(value, e.target.value.replace(/[^0-9]/g, ''))}
      />
    </label>
  );
});

type Props = {
  values: readonly string[];
  amounts: Readonly<Record<string, string>>;
  /** The number whose amount failed the last check. */
  invalidValue?: string | null;
  onChange: (value: string, text: string) => void;
};

/** Single mode (docs/product.md "Bid forms"): one amount input per number; blank or zero means no bid. */
export function SingleAmountList({ values, amounts, invalidValue, onChange }: Props) {
  return (
    <div className="bid-single-list">
      {values.map((v) => (
        <AmountRow
          key={v}
          value={v}
          amount={amounts[v] ?? ''}
          invalid={invalidValue === v}
          onChange={onChange}
        />
      ))}
    </div>
  );
}
