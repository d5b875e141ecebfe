import type { WithdrawalMethod, WithdrawalMethodName } from '../../api/withdrawals';
import { methodLabel, savedSummary } from '../../components/payout-method/method-labels';
import { WITHDRAWAL_METHODS } from '../../contracts/withdrawals';
import { tMoney as t } from '../../i18n/en/money';

/** The four payout methods as a radio group; saved ones carry a Saved tag. */
export function MethodPicker(props: {
  selected: WithdrawalMethodName | null;
  saved: ReadonlyMap<WithdrawalMethodName, WithdrawalMethod>;
  onSelect: (method: WithdrawalMethodName) => void;
  onEdit: () => void;
}) {
  const { selected, saved, onSelect, onEdit } = props;
  const current = selected ? saved.get(selected) : undefined;
  return (
    <fieldset className="method-picker">
      <legend>{t('selectMethod')}</legend>
      <div className="method-grid">
        {WITHDRAWAL_METHODS.map((m) => (
          <label key={m} className={`method-option ${selected === m ? 'selected' : ''}`}>
            <input
              type="radio"
              name="withdrawal-method"
              value={m}
              checked={selected === m}
              onChange={() => onSelect(m)}
            />
            <span className="method-name">{methodLabel(m)}</span>
            {saved.has(m) ? <span className="method-saved">{t('saved')}</span> : null}
          </label>
        ))}
      </div>
      {selected ? (
        <div className="method-details">
          <span className="method-summary">
            {current ? savedSummary(current) : t('noDetailsSaved', { method: methodLabel(selected) })}
          </span>
          <button type="button" className="link-button" onClick={onEdit}>
            {current ? t('updateDetails') : t('addDetails')}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
