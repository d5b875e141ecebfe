import { useState } from 'react';
import { type AmountLimits, parseAmount, validateAmount } from '../../../domain/bid-validation';
import { SELECT_BOTH_PANNAS, VALID_PANNA } from '../../../domain/messages';
import { canonicalPanna } from '../../../domain/pannas';
import { tBidding as t } from '../../../i18n/en/bidding';
import { showError } from '../../../lib/toast';
import type { BidDraft } from '../use-bid-draft';
import { AmountInput } from './amount-input';
import { DigitInput } from './digit-input';
import { AddedBids, PANNA_LIST_ID, PannaDatalist } from './sangam-parts';

type Props = { draft: BidDraft; limits: AmountLimits };

/** Full Sangam: an open panna and a close panna with an amount, added one bid at a time. */
export function FullSangamBody({ draft, limits }: Props) {
  const [open, setOpen] = useState('');
  const [close, setClose] = useState('');
  const [amount, setAmount] = useState('');
  const add = () => {
    if (!open.trim() || !close.trim()) return void showError(SELECT_BOTH_PANNAS);
    const [op, cp] = [canonicalPanna(open.trim()), canonicalPanna(close.trim())];
    if (!op || !cp) return void showError(VALID_PANNA);
    const amountMessage = validateAmount(amount, limits);
    if (amountMessage) return void showError(amountMessage);
    draft.dispatch({
      type: 'add',
      entry: { kind: 'full-sangam', openPanna: op, closePanna: cp, amount: parseAmount(amount) ?? 0 },
    });
    setOpen('');
    setClose('');
  };
  return (
    <>
      <PannaDatalist />
      <div className="bid-row-fields">
        <DigitInput
          label={t('openPanna')}
          maxLength={3}
          value={open}
          onChange={setOpen}
          list={PANNA_LIST_ID}
        />
        <DigitInput
          label={t('closePanna')}
          maxLength={3}
          value={close}
          onChange={setClose}
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
