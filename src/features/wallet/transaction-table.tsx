import { useMemo } from 'react';
import type { Transaction } from '../../api/wallet';
import { type Column, DataTable } from '../../components/data-table';
import { formatDateShort, formatRupees } from '../../domain/format';
import { useMarketTz } from '../../lib/market-tz';

// Plain coloured words, not pill badges: five columns must fit a 360 px phone.
const STATUS_CLASS: Record<Transaction['status'], string> = {
  completed: 'ok',
  pending: 'pending',
  failed: 'bad',
};

/** The columns, with dates read in the market zone `tz` like every other date of the app. */
const columnsIn = (tz: string): Column<Transaction>[] => [
  { header: 'Description', className: 'wallet-desc', cell: (t) => t.description },
  { header: 'Date', className: 'wallet-date', cell: (t) => formatDateShort(new Date(t.createdAt), tz) },
  {
    header: 'Type',
    className: (t) => `wallet-type ${t.type}`,
    cell: (t) => (t.type === 'credit' ? 'Credit' : 'Debit'),
  },
  {
    header: 'Amount',
    className: (t) => `wallet-amount ${t.type} nowrap`,
    cell: (t) => (
      <>
        {t.type === 'credit' ? '+' : '-'}
        {formatRupees(t.amount)}
      </>
    ),
  },
  {
    header: 'Status',
    cell: (t) => <span className={`wallet-status ${STATUS_CLASS[t.status] ?? 'pending'}`}>{t.status}</span>,
  },
];

/** Description, Date, Type, Amount, Status; credits green with +, debits red with -. */
export function TransactionTable({ items }: { items: Transaction[] }) {
  const tz = useMarketTz();
  const columns = useMemo(() => columnsIn(tz), [tz]);
  return <DataTable className="wallet-table" rows={items} columns={columns} rowKey={(t) => t._id} />;
}
