import { useId } from 'react';
import { localize } from '../../../i18n/core';
import { tBidding as t } from '../../../i18n/en/bidding';

type Props = {
  value: string;
  onChange: (text: string) => void;
  /** Inline message under the field (min/max on the bulk screens). */
  error?: string | null;
};

/** Digits only: anything else typed is dropped, so the amount is always a whole number of points. */
export function AmountInput({ value, onChange, error }: Props) {
  const id = useId();
  return (
    <div className="bid-field">
      <label htmlFor={id}>{t('amount')}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        placeholder={t('enterAmount')}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value.replace(/[^0-9]/g, ''))}
      />
      {error ? (
        <p id={`${id}-error`} className="bid-inline-error" role="alert">
          {localize(error)}
        </p>
      ) : null}
    </div>
  );
}
