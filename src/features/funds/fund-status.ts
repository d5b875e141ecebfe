import type { FundRequest } from '../../api/funds';

/**
 * A fund request's badge: success green, rejected red, anything else pending-style.
 * @example fundBadge('success') // {label: 'Success', className: 'badge-success'}
 */
export function fundBadge(status: FundRequest['status'] | string): { label: string; className: string } {
  if (status === 'success') return { label: 'Success', className: 'badge-success' };
  if (status === 'rejected') return { label: 'Rejected', className: 'badge-muted' };
  return { label: 'Pending', className: 'badge-pending' };
}
