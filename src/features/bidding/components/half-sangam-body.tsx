import { useState } from 'react';
import { type AmountLimits, parseAmount, validateAmount } from '../../../domain/bid-validation';
import {
  ONE_DIGIT_ONLY,
  SELECT_CLOSE_DIGIT_OPEN_PANNA,
  SELECT_MARKET_TYPE,
  SELECT_OPEN_DIGIT_CLOSE_PANNA,
  VALID_PANNA,
} from '../../../domain/messages';
import { canonicalPanna } from '../../../domain/pannas';
import { tBidding as t } from '../../../i18n/en/bidding';
import { showError } from '../../../lib/toast';
import type { BidDraft } from '../use-bid-draft';
import { AmountInput } from './amount-input';
import { DigitInput } from './digit-input';
import { AddedBids, PANNA_LIST_ID, PannaDatalist } from './sangam-parts';

type Props = { draft: BidDraft; limits: AmountLimits };

/**
 * Half Sangam: the market type picks the variant (docs/api.md "Bids"): Open = open digit + close panna,
 * Close = close digit + open panna. Bids are added one at a time.
 */
export function HalfSangamBody({ draft, limits }: Props) {
  const [digit, setDigit] = useState('');
  const [panna, setPanna] = useState('');
  const [amount, setAmount] = useState('');
  const session = draft.state.session;
  const isOpen = session !== 'Close';
  const add = () => {
    if (session === null) return void showError(SELECT_MARKET_TYPE);
    if (!digit.trim() || !panna.trim()) {
      return void showError(isOpen ? SELECT_OPEN_DIGIT_CLOSE_PANNA : SELECT_CLOSE_DIGIT_OPEN_PANNA);
    }
    if (!/^[0-9]$/.test(digit.trim())) return void showError(ONE_DIGIT_ONLY);
    const p = canonicalPanna(panna.trim());
    if (!p) return void showError(VALID_PANNA);
    const amountMessage = validateAmount(amount, limits);
    if (amountMessage) return void showError(amountMessage);
    draft.dispatch({
      type: 'add',
      entry: {
        kind: 'half-sangam',
        session,
        digit: digit.trim(),
        panna: p,
        amount: parseAmount(amount) ?? 0,
      },
    });
    setDigit('');
    setPanna('');
  };
  return (
    <>
      <PannaDatalist />
      <div className="bid-row-fields">
        <DigitInput
          label={isOpen ? t('openDigit') : t('closeDigit')}
          maxLength={1}
          value={digit}
          onChange={setDigit}
        />
        <DigitInput
          label={isOpen ? t('closePanna') : t('openPanna')}
          maxLength={3}
          value={panna}
          onChange={setPanna}
          list={PANNA_LIST_ID}
        />
      </div>
      <AmountInput value={amount} onChange={setAmount} />
      <button type="button" className="bid-btn-secondary bid-add" onClick={add}>
        {t('add')}
      </button>
      <AddedBids entries={draft.entries} onRemove={(key) => draft.dispatch({ type: 'remove', key })} />
    </>
  );
}
