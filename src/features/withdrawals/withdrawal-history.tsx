import type { Withdrawal } from '../../api/withdrawals';
import { EmptyState } from '../../components/empty-state';
import { formatDateShort, formatRupees } from '../../domain/format';
import { methodLabel } from './method-labels';

/**
 * A withdrawal's badge: approved green, rejected red, anything else pending-style.
 * @example withdrawalBadge('approved') // {label: 'Approved', className: 'badge-success'}
 */
export function withdrawalBadge(status: string): { label: string; className: string } {
  if (status === 'approved') return { label: 'Approved', className: 'badge-success' };
  if (status === 'rejected') return { label: 'Rejected', className: 'badge-muted' };
  return { label: 'Pending', className: 'badge-pending' };
}

/** Withdrawal History: Date, Method, Amount, Status. */
export function WithdrawalHistory({ items }: { items: Withdrawal[] }) {
  if (items.length === 0) return <EmptyState title="No withdrawal history found" />;
  return (
    <div className="withdrawal-table-wrap">
      <table className="withdrawal-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Method</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((w) => {
            const badge = withdrawalBadge(w.status);
            return (
              <tr key={w._id}>
                <td>{formatDateShort(new Date(w.createdAt))}</td>
                <td>{methodLabel(w.method)}</td>
                <td className="withdrawal-amount">{formatRupees(w.amount)}</td>
                <td>
                  <span className={`badge ${badge.className}`}>{badge.label}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
