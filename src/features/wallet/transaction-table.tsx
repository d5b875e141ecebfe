import { useMemo } from 'react';
import type { Transaction } from '../../api/wallet';
import { type Column, DataTable } from '../../components/data-table';
import type { MoneyMode } from '../../domain/money';
import { tMoney as t } from '../../i18n/en/money';
import { formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { amountValue, useMoneyMode } from '../../lib/money-mode';

/** The status in words; a failed withdrawal hold says whether it was cancelled or rejected. */
const statusWord = (row: Transaction) => {
  if (row.statusDetail) return t(row.statusDetail);
  const s = row.status;
  return s === 'completed'
    ? t('completed')
    : s === 'pending'
      ? t('pending')
      : s === 'failed'
        ? t('failed')
        : s;
};

/** The day in two short lines at most ('27 NOV' / '2026'): never three on a phone. */
function DateCell({ at, tz }: { at: string; tz: string }) {
  const day = formatDay(new Date(at), tz);
  const cut = day.lastIndexOf(' ');
  if (cut < 0) return <>{day}</>;
  return (
    <>
      <span className="nowrap">{day.slice(0, cut)}</span> <span className="nowrap">{day.slice(cut + 1)}</span>
    </>
  );
}

// Plain coloured words, not pill badges: five columns must fit a 360 px phone.
const STATUS_CLASS: Record<Transaction['status'], string> = {
  completed: 'ok',
  pending: 'pending',
  failed: 'bad',
};

/**
 * The columns, with dates read in the market zone `tz` like every other date of the app and
 * amounts in the money mode's unit (the wallet's balance above names points in points mode).
 */
const columnsIn = (tz: string, mode: MoneyMode): Column<Transaction>[] => [
  { header: t('description'), className: 'wallet-desc', cell: (t) => t.description },
  { header: t('date'), className: 'wallet-date', cell: (row) => <DateCell at={row.createdAt} tz={tz} /> },
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
        {amountValue(t.amount, mode)}
      </>
    ),
  },
  {
    header: t('status'),
    cell: (row) => (
      <span className={`wallet-status ${STATUS_CLASS[row.status] ?? 'pending'}`}>{statusWord(row)}</span>
    ),
  },
];

/** Description, Date, Type, Amount, Status; credits green with +, debits red with -. */
export function TransactionTable({ items }: { items: Transaction[] }) {
  const tz = useMarketTz();
  const mode = useMoneyMode();
  const columns = useMemo(() => columnsIn(tz, mode), [tz, mode]);
  return <DataTable className="wallet-table" rows={items} columns={columns} rowKey={(t) => t._id} />;
}
