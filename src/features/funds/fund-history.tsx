import { useMemo } from 'react';
import { FAILED_TO_FETCH_FUND, type FundRequest, fetchFundHistory } from '../../api/funds';
import { type Column, DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { usePagedList } from '../../components/use-paged-list';
import { formatRupees } from '../../domain/format';
import { tMoney as t } from '../../i18n/en/money';
import { formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { showError } from '../../lib/toast';
import { fundBadge } from './fund-status';

/** The columns, with dates read in the market zone `tz` like every other date of the app. */
const columnsIn = (tz: string): Column<FundRequest>[] => [
  { header: t('date'), cell: (f) => formatDay(new Date(f.createdAt), tz) },
  { header: t('amount'), className: 'fund-amount', cell: (f) => formatRupees(f.balance) },
  {
    header: t('status'),
    cell: (f) => {
      const badge = fundBadge(f.status, f.reason);
      return (
        <>
          <span className={`badge ${badge.className}`}>{badge.label}</span>
          {/* A pending order opens its status page: pay it, see what is awaited, or cancel it. */}
          {f.status === 'pending' && f.orderId ? (
            <>
              {' '}
              <a className="fund-open" href={`/payment/status?order_id=${encodeURIComponent(f.orderId)}`}>
                {t('openOrder')}
              </a>
            </>
          ) : null}
        </>
      );
    },
  },
];

function toastFailure(e: unknown): void {
  showError(e instanceof Error ? e.message : FAILED_TO_FETCH_FUND);
}

/** Fund History: Date, Amount, Status, paged; a failed load toasts 'Failed to fetch fund'. */
export function FundHistory() {
  const list = usePagedList(fetchFundHistory, toastFailure, 'funds');
  const { items } = list;
  const tz = useMarketTz();
  const columns = useMemo(() => columnsIn(tz), [tz]);

  return (
    <section aria-labelledby="fund-history-title">
      <h2 id="fund-history-title" className="section-title">
        {t('fundHistory')}
      </h2>
      {items === null && list.loading ? <Spinner label={t('loadingFundHistory')} /> : null}
      {items !== null && items.length === 0 ? <EmptyState title={t('noFundHistory')} /> : null}
      {items?.length ? (
        <DataTable className="fund-table" rows={items} columns={columns} rowKey={(f) => f._id} />
      ) : null}
      <Pagination page={list.page} totalPages={list.pagination?.totalPages ?? 0} onPage={list.setPage} />
    </section>
  );
}
