import { useCallback, useState } from 'react';
import type { WithdrawalMethodBody, WithdrawalMethodName } from '../../api/withdrawals';
import { AmountField } from '../../components/amount-field';
import { BalanceCard } from '../../components/balance-card';
import { Page } from '../../components/page';
import { Pagination } from '../../components/pagination';
import { MethodModal } from '../../components/payout-method/method-modal';
import { useMethods } from '../../components/payout-method/use-methods';
import { Spinner } from '../../components/spinner';
import { useAppStore } from '../../store/store';
import { MethodPicker } from './method-picker';
import { useWithdrawals } from './use-withdrawals';
import { canWithdraw } from './withdraw-check';
import { WithdrawalHistory } from './withdrawal-history';
import './withdrawals.css';
import { localize } from '../../i18n/core';
import { tMoney as t } from '../../i18n/en/money';

/** A withdrawal is at most 1 crore (contracts/withdrawals.ts): 8 digits. */
const WITHDRAWAL_DIGITS = 8;

/** Withdrawal: amount, payout method with its details dialog, Withdraw Now and the history. */
export function WithdrawalPage() {
  const balance = useAppStore((s) => s.user?.balance ?? 0);
  const refreshUser = useAppStore((s) => s.refreshUser);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<WithdrawalMethodName | null>(null);
  const [editing, setEditing] = useState(false);
  const methods = useMethods();
  // The server held the amount: the balance shown must drop with it.
  const setBalance = useAppStore((s) => s.setBalance);
  const onCreated = useCallback(
    (held: number | undefined) => {
      if (typeof held === 'number') setBalance(held);
      void refreshUser();
    },
    [refreshUser, setBalance],
  );
  const withdrawals = useWithdrawals(onCreated);
  const { state } = withdrawals;
  const allowed = canWithdraw({ amount, balance, method, saved: methods.saved }) && !state.loading;

  const select = (m: WithdrawalMethodName) => {
    setMethod(m);
    // Nothing saved for it yet: ask for the details straight away.
    if (methods.loaded && !methods.saved.has(m)) setEditing(true);
  };

  const save = async (body: WithdrawalMethodBody) => {
    if (await methods.save(body)) setEditing(false);
  };

  const submit = async () => {
    if (!allowed || !method) return;
    if (await withdrawals.create(Number(amount), method)) setAmount('');
  };

  return (
    <Page title={t('withdrawal')}>
      <BalanceCard label={t('availableBalance')} balance={balance}>
        {state.success ? (
          <p className="withdrawal-banner ok" role="status">
            {t('withdrawalSubmitted')}
          </p>
        ) : null}
        {state.error ? (
          <p className="form-error" role="alert">
            {localize(state.error)}
          </p>
        ) : null}
        <AmountField
          id="withdrawal-amount"
          value={amount}
          maxDigits={WITHDRAWAL_DIGITS}
          onChange={setAmount}
        />
        <MethodPicker
          selected={method}
          saved={methods.saved}
          onSelect={select}
          onEdit={() => setEditing(true)}
        />
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!allowed}
          onClick={() => void submit()}
        >
          {state.loading ? t('submitting') : t('withdrawNow')}
        </button>
      </BalanceCard>
      <h2 className="section-title">{t('withdrawalHistory')}</h2>
      {state.items === null && state.listLoading ? <Spinner label={t('loadingWithdrawals')} /> : null}
      {state.items ? (
        <WithdrawalHistory items={state.items} cancelling={state.cancelling} onCancel={withdrawals.cancel} />
      ) : null}
      <Pagination
        page={withdrawals.page}
        totalPages={state.pagination?.totalPages ?? 0}
        onPage={withdrawals.setPage}
      />
      {editing && method ? (
        <MethodModal
          method={method}
          saved={methods.saved.get(method)}
          saving={methods.saving}
          onSave={(body) => void save(body)}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Page>
  );
}
