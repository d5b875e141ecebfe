import { useMemo } from 'react';
import type { Withdrawal } from '../../api/withdrawals';
import { type Column, DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { formatRupees } from '../../domain/format';
import { tMoney as t } from '../../i18n/en/money';
import { formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { methodLabel } from './method-labels';

/**
 * A withdrawal's badge: approved green, rejected red, anything else pending-style.
 * @example withdrawalBadge('approved') // {label: t('statusApproved'), className: 'badge-success'}
 */
export function withdrawalBadge(status: string): { label: string; className: string } {
  if (status === 'approved') return { label: t('statusApproved'), className: 'badge-success' };
  if (status === 'rejected') return { label: t('statusRejected'), className: 'badge-muted' };
  return { label: t('statusPending'), className: 'badge-pending' };
}

/** The columns, with dates read in the market zone `tz` like every other date of the app. */
const columnsIn = (tz: string): Column<Withdrawal>[] => [
  { header: t('date'), cell: (w) => formatDay(new Date(w.createdAt), tz) },
  { header: t('method'), cell: (w) => methodLabel(w.method) },
  { header: t('amount'), className: 'withdrawal-amount', cell: (w) => formatRupees(w.amount) },
  {
    header: t('status'),
    cell: (w) => {
      const badge = withdrawalBadge(w.status);
      return <span className={`badge ${badge.className}`}>{badge.label}</span>;
    },
  },
];

/** Withdrawal History: Date, Method, Amount, Status. */
export function WithdrawalHistory({ items }: { items: Withdrawal[] }) {
  const tz = useMarketTz();
  const columns = useMemo(() => columnsIn(tz), [tz]);
  if (items.length === 0) return <EmptyState title={t('noWithdrawals')} />;
  return <DataTable className="withdrawal-table" rows={items} columns={columns} rowKey={(w) => w._id} />;
}
