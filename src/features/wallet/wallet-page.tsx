import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { fetchTransactions } from '../../api/wallet';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { usePagedList } from '../../components/use-paged-list';
import { amountValue, PointsNotice, useMoneyMode } from '../../lib/money-mode';
import { useAppStore } from '../../store/store';
import { TransactionTable } from './transaction-table';
import './wallet.css';
import { localize } from '../../i18n/core';
import { tMoney as t } from '../../i18n/en/money';

/** Wallet: the balance in the money mode's unit, Add Fund and Withdrawal, and the paged Transaction History. */
export function WalletPage() {
  const balance = useAppStore((s) => s.user?.balance ?? 0);
  const refreshUser = useAppStore((s) => s.refreshUser);
  const list = usePagedList(fetchTransactions, undefined, 'transactions');
  const cash = useMoneyMode() === 'real';

  // The ledger below is fresh from the server; the balance above it must be too.
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  return (
    <Page title={t('wallet')}>
      <div className="wallet-balance">
        <span className="wallet-balance-label">{t('availableBalance')}</span>
        <strong className="wallet-balance-value" data-testid="wallet-balance">
          {/* One unit: '₹1,750 POINTS' mixed two (issue 39), '350.26 पॉइंट' beside a header's
              '₹350.26' too (issue 49): rupees in money mode, points (named below) in points mode. */}
          {amountValue(balance, cash ? 'real' : 'points')}
        </strong>
        {cash ? null : <span className="wallet-balance-unit">{t('points')}</span>}
        {cash ? (
          <div className="button-row">
            <Link to="/payment" className="btn btn-secondary">
              {t('addFund')}
            </Link>
            <Link to="/withdrawal" className="btn btn-light">
              {t('withdrawal')}
            </Link>
          </div>
        ) : null}
      </div>
      <PointsNotice />
      <h2 className="section-title">{t('transactionHistory')}</h2>
      {list.items === null && list.loading ? <Spinner label={t('loadingTransactions')} /> : null}
      {list.error ? (
        <p className="form-error" role="alert">
          {localize(list.error)}
        </p>
      ) : null}
      {list.items?.length === 0 ? <EmptyState title={t('noTransactions')} /> : null}
      {list.items?.length ? <TransactionTable items={list.items} /> : null}
      <Pagination page={list.page} totalPages={list.pagination?.totalPages ?? 0} onPage={list.setPage} />
    </Page>
  );
}
