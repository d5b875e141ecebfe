import { useMemo } from 'react';
import type { Transaction } from '../../api/wallet';
import { type Column, DataTable } from '../../components/data-table';
import { formatRupees } from '../../domain/format';
import { tMoney as t } from '../../i18n/en/money';
import { formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';

const statusWord = (s: string) =>
  s === 'completed' ? t('completed') : s === 'pending' ? t('pending') : s === 'failed' ? t('failed') : s;

// Plain coloured words, not pill badges: five columns must fit a 360 px phone.
const STATUS_CLASS: Record<Transaction['status'], string> = {
  completed: 'ok',
  pending: 'pending',
  failed: 'bad',
};

/** The columns, with dates read in the market zone `tz` like every other date of the app. */
const columnsIn = (tz: string): Column<Transaction>[] => [
  { header: t('description'), className: 'wallet-desc', cell: (t) => t.description },
  { header: t('date'), className: 'wallet-date', cell: (t) => formatDay(new Date(t.createdAt), tz) },
  {
    header: t('type'),
    className: (t) => `wallet-type ${t.type}`,
    cell: (row) => (row.type === 'credit' ? t('credit') : t('debit')),
  },
  {
    header: t('amount'),
    className: (t) => `wallet-amount ${t.type} nowrap`,
    cell: (t) => (
      <>
        {t.type === 'credit' ? '+' : '-'}
        {formatRupees(t.amount)}
      </>
    ),
  },
  {
    header: t('status'),
    cell: (row) => (
      <span className={`wallet-status ${STATUS_CLASS[row.status] ?? 'pending'}`}>
        {statusWord(row.status)}
      </span>
    ),
  },
];

/** Description, Date, Type, Amount, Status; credits green with +, debits red with -. */
export function TransactionTable({ items }: { items: Transaction[] }) {
  const tz = useMarketTz();
  const columns = useMemo(() => columnsIn(tz), [tz]);
  return <DataTable className="wallet-table" rows={items} columns={columns} rowKey={(t) => t._id} />;
}
