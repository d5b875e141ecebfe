import type { WithdrawalMethod, WithdrawalMethodName } from '../../api/withdrawals';
import { WITHDRAWAL_METHODS } from '../../contracts/withdrawals';
import { METHOD_LABELS, savedSummary } from './method-labels';

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
      <legend>Select Withdrawal Method</legend>
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
            <span className="method-name">{METHOD_LABELS[m]}</span>
            {saved.has(m) ? <span className="method-saved">Saved</span> : null}
          </label>
        ))}
      </div>
      {selected ? (
        <div className="method-details">
          <span className="method-summary">
            {current ? savedSummary(current) : `No ${METHOD_LABELS[selected]} details saved`}
          </span>
          <button type="button" className="link-button" onClick={onEdit}>
            {current ? 'Update Details' : 'Add Details'}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
