import type { FundRequest } from '../../api/funds';
import { tMoney as t } from '../../i18n/en/money';

/**
 * A fund request's badge: success green, rejected red (Cancelled when the player cancelled it),
 * anything else pending-style.
 * @example fundBadge('success') // {label: t('statusSuccess'), className: 'badge-success'}
 */
export function fundBadge(
  status: FundRequest['status'] | string,
  reason?: string,
): { label: string; className: string } {
  // The player cancelled it themselves (payments/orders.ts writes this reason).
  if (status === 'rejected' && reason === 'Cancelled by you')
    return { label: t('statusCancelled'), className: 'badge-muted' };
  if (status === 'success') return { label: t('statusSuccess'), className: 'badge-success' };
  if (status === 'rejected') return { label: t('statusRejected'), className: 'badge-muted' };
  return { label: t('statusPending'), className: 'badge-pending' };
}
