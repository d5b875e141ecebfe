import { useState } from 'react';
import type { WithdrawalMethodBody, WithdrawalMethodName } from '../../api/withdrawals';
import { methodLabel, savedSummary } from '../../components/payout-method/method-labels';
import { MethodModal } from '../../components/payout-method/method-modal';
import { useMethods } from '../../components/payout-method/use-methods';
import { WITHDRAWAL_METHODS } from '../../contracts/withdrawals';
import { tScreens as t } from '../../i18n/en/screens';

/**
 * Profile's saved payout details: each method with its masked details (or Not saved) and an
 * Update or Add button opening the same dialog the Withdrawal screen uses (issue 39).
 */
export function PayoutDetails() {
  const methods = useMethods();
  const [editing, setEditing] = useState<WithdrawalMethodName | null>(null);
  const save = async (body: WithdrawalMethodBody) => {
    if (await methods.save(body)) setEditing(null);
  };
  return (
    <section className="profile-section" aria-labelledby="payout-title">
      <h2 id="payout-title" className="section-title">
        {t('payoutDetails')}
      </h2>
      <ul className="payout-list">
        {WITHDRAWAL_METHODS.map((m) => {
          const saved = methods.saved.get(m);
          return (
            <li key={m} className="payout-row">
              <span className="payout-name">{methodLabel(m)}</span>
              <span className={`payout-summary${saved ? '' : ' none'}`}>
                {saved ? savedSummary(saved) : methods.loaded ? t('notSaved') : ''}
              </span>
              <button
                type="button"
                className="link-button"
                aria-label={`${saved ? t('update') : t('add')} ${methodLabel(m)}`}
                disabled={!methods.loaded}
                onClick={() => setEditing(m)}
              >
                {saved ? t('update') : t('add')}
              </button>
            </li>
          );
        })}
      </ul>
      {editing ? (
        <MethodModal
          method={editing}
          saved={methods.saved.get(editing)}
          saving={methods.saving}
          onSave={(body) => void save(body)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
