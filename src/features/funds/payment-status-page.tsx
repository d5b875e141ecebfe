import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Page } from '../../components/page';
import { formatDateShort, formatRupees } from '../../domain/format';
import { useMarketTz } from '../../lib/market-tz';
import { useAppStore } from '../../store/store';
import { useOrderStatus } from './use-order-status';
import './funds.css';

export const FUNDS_ADDED = 'Funds added successfully';

/**
 * Where the gateway sends the player back (/payment/return) and /payment/status: the order's
 * outcome, SUCCESS as success and anything else as failure, with its id, amount and date.
 */
export function PaymentStatusPage({
  orderId,
  pollMs,
  polls,
}: {
  orderId: string | null;
  pollMs?: number;
  polls?: number;
}) {
  const state = useOrderStatus(orderId, { pollMs, polls });
  const refreshUser = useAppStore((s) => s.refreshUser);
  const tz = useMarketTz();
  const paid = state.kind === 'done' && state.order.orderStatus === 'SUCCESS';

  // The server credited the wallet when it confirmed the payment; show the new balance.
  useEffect(() => {
    if (!paid) return;
    void refreshUser();
    // One toast per order even if the effect runs twice.
    toast.success(FUNDS_ADDED, { id: 'funds-added' });
  }, [paid, refreshUser]);

  if (state.kind === 'loading') {
    return (
      <Page title="Payment Status">
        <div className="payment-status" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p>Checking payment status...</p>
        </div>
      </Page>
    );
  }

  return (
    <Page title="Payment Status">
      <div className={`payment-status ${paid ? 'ok' : 'bad'}`}>
        <span className="payment-status-icon" aria-hidden="true">
          {paid ? '✓' : '✕'}
        </span>
        {state.kind === 'error' ? (
          <p className="payment-status-error" role="alert">
            {state.message}
          </p>
        ) : (
          <>
            <h2>{paid ? 'Payment Successful!' : 'Payment Failed'}</h2>
            <p>{paid ? 'Thank you for your payment.' : 'Your payment could not be processed.'}</p>
            {state.order.orderStatus === 'PENDING' ? (
              <p className="payment-status-note">
                The payment is not confirmed yet. If money left your account, your balance updates once the
                gateway confirms it.
              </p>
            ) : null}
            <dl className="payment-facts">
              <div>
                <dt>Order ID</dt>
                <dd className="break">{state.order.orderId}</dd>
              </div>
              <div>
                <dt>Amount</dt>
                <dd>{formatRupees(state.order.orderAmount)}</dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>{formatDateShort(new Date(state.order.createdAt), tz)}</dd>
              </div>
            </dl>
          </>
        )}
        <Link to="/payment" className="btn btn-primary btn-block">
          {paid ? 'Back to Home' : 'Try Again'}
        </Link>
      </div>
    </Page>
  );
}
