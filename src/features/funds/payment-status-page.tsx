import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Page } from '../../components/page';
import { formatRupees } from '../../domain/format';
import { formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { showSuccess } from '../../lib/toast';
import { useAppStore } from '../../store/store';
import { useOrderStatus } from './use-order-status';
import './funds.css';
import { localize } from '../../i18n/core';
import { tMoney as t } from '../../i18n/en/money';

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
    showSuccess(t('fundsAdded'), 'funds-added');
  }, [paid, refreshUser]);

  if (state.kind === 'loading') {
    return (
      <Page title={t('paymentStatus')}>
        <div className="payment-status" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p>{t('checkingPayment')}</p>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t('paymentStatus')}>
      <div className={`payment-status ${paid ? 'ok' : 'bad'}`}>
        <span className="payment-status-icon" aria-hidden="true">
          {paid ? '✓' : '✕'}
        </span>
        {state.kind === 'error' ? (
          <p className="payment-status-error" role="alert">
            {localize(state.message)}
          </p>
        ) : (
          <>
            <h2>{paid ? t('paymentSuccessful') : t('paymentFailed')}</h2>
            <p>{paid ? t('thankYou') : t('notProcessed')}</p>
            {state.order.orderStatus === 'PENDING' ? (
              <p className="payment-status-note">{t('notConfirmed')}</p>
            ) : null}
            <dl className="payment-facts">
              <div>
                <dt>{t('orderId')}</dt>
                <dd className="break">{state.order.orderId}</dd>
              </div>
              <div>
                <dt>{t('amount')}</dt>
                <dd>{formatRupees(state.order.orderAmount)}</dd>
              </div>
              <div>
                <dt>{t('date')}</dt>
                <dd>{formatDay(new Date(state.order.createdAt), tz)}</dd>
              </div>
            </dl>
          </>
        )}
        <Link to="/payment" className="btn btn-primary btn-block">
          {paid ? t('backToHome') : t('tryAgain')}
        </Link>
      </div>
    </Page>
  );
}
