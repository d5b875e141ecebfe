import { useId } from 'react';
import { localize } from '../../../i18n/core';

type Props = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  maxLength: number;
  placeholder?: string;
  error?: string | null;
  /** id of a <datalist> of suggestions (the 220 pannas on the sangam screens). */
  list?: string;
};

/**
 * A short text field for digits (a filter, a motor's digit set, a jodi or a panna). It keeps what
 * was typed so the domain expander can name what is wrong ('Only numbers from 0-9 are allowed').
 */
export function DigitInput({ label, value, onChange, maxLength, placeholder, error, list }: Props) {
  const id = useId();
  return (
    <div className="bid-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={maxLength}
        placeholder={placeholder}
        list={list}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="bid-inline-error" role="alert">
          {localize(error)}
        </p>
      ) : null}
    </div>
  );
}
