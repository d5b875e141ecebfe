import { useId } from 'react';
import { NO_MARKETS_AVAILABLE } from '../../../domain/messages';
import type { Session } from '../../../domain/types';
import { localize } from '../../../i18n/core';
import { tBidding as t } from '../../../i18n/en/bidding';
import { tGames } from '../../../i18n/en/games';

type Props = {
  options: readonly Session[];
  value: Session | null;
  onChange: (session: Session) => void;
};

/** 'Select Market Type' (docs/product.md "Bid forms"): the sessions still open, or a disabled 'No markets available'. */
export function SessionSelect({ options, value, onChange }: Props) {
  const id = useId();
  return (
    <div className="bid-field">
      <label htmlFor={id}>{t('selectMarketType')}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={options.length === 0}
        onChange={(e) => onChange(e.target.value as Session)}
      >
        {options.length === 0 ? (
          <option value="" disabled>
            {localize(NO_MARKETS_AVAILABLE)}
          </option>
        ) : (
          options.map((s) => (
            <option key={s} value={s}>
              {s === 'Open' ? tGames('open') : tGames('close')}
            </option>
          ))
        )}
      </select>
    </div>
  );
}
