import type { Transaction } from '../../api/wallet';
import { type Column, DataTable } from '../../components/data-table';
import { formatDateShort, formatRupees } from '../../domain/format';

// Plain coloured words, not pill badges: five columns must fit a 360 px phone.
const STATUS_CLASS: Record<Transaction['status'], string> = {
  completed: 'ok',
  pending: 'pending',
  failed: 'bad',
};

const COLUMNS: Column<Transaction>[] = [
  { header: 'Description', className: 'wallet-desc', cell: (t) => t.description },
  { header: 'Date', className: 'wallet-date', cell: (t) => formatDateShort(new Date(t.createdAt)) },
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
  return <DataTable className="wallet-table" rows={items} columns={COLUMNS} rowKey={(t) => t._id} />;
}
