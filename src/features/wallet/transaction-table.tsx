import type { Transaction } from '../../api/wallet';
import { formatDateShort, formatRupees } from '../../domain/format';

// Plain coloured words, not pill badges: five columns must fit a 360 px phone.
const STATUS_CLASS: Record<Transaction['status'], string> = {
  completed: 'ok',
  pending: 'pending',
  failed: 'bad',
};

/** Description, Date, Type, Amount, Status; credits green with +, debits red with -. */
export function TransactionTable({ items }: { items: Transaction[] }) {
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((t) => (
            <tr key={t._id}>
              <td className="wallet-desc">{t.description}</td>
              <td className="wallet-date">{formatDateShort(new Date(t.createdAt))}</td>
              <td className={`wallet-type ${t.type}`}>{t.type === 'credit' ? 'Credit' : 'Debit'}</td>
              <td className={`wallet-amount ${t.type} nowrap`}>
                {t.type === 'credit' ? '+' : '-'}
                {formatRupees(t.amount)}
              </td>
              <td>
                <span className={`wallet-status ${STATUS_CLASS[t.status] ?? 'pending'}`}>{t.status}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
