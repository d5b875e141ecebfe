import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { cancelOrder, checkoutUrl, type PaymentOrder } from '../../api/funds';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Page } from '../../components/page';
import { formatRupees } from '../../domain/format';
import { localize } from '../../i18n/core';
import { tMoney as t } from '../../i18n/en/money';
import { useLanguage } from '../../i18n/use-language';
import { dateTimeParts, formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { showError, showSuccess } from '../../lib/toast';
import { useAppStore } from '../../store/store';
import { useOrderStatus } from './use-order-status';
import './funds.css';

/** What the server writes when the player cancelled the order (payments/orders.ts). */
const CANCELLED_BY_YOU = 'Cancelled by you';

/**
 * Where the gateway sends the player back (/payment/return) and /payment/status: the order's
 * outcome with its id, amount and date. SUCCESS shows as success, FAILED as failure; a PENDING
 * order shows what is awaited: with automatic UPI matching "Waiting for your bank's confirmation"
 * (the exact amount to pay and its reference), turning to success by itself; otherwise "Payment
 * pending". A pending order can be paid from here (its checkout) or cancelled while it has no UTR
 * and no payment.
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
  const [cancelled, setCancelled] = useState<PaymentOrder | null>(null);
  const refreshUser = useAppStore((s) => s.refreshUser);
  const tz = useMarketTz();
  const order = cancelled ?? (state.kind === 'done' ? state.order : null);
  const paid = order?.orderStatus === 'SUCCESS';

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

  if (!order) {
    return (
      <Page title={t('paymentStatus')}>
        <div className="payment-status bad">
          <span className="payment-status-icon" aria-hidden="true">
            ✕
          </span>
          <p className="payment-status-error" role="alert">
            {localize(state.kind === 'error' ? state.message : '')}
          </p>
          <Link to="/payment" className="btn btn-primary btn-block">
            {t('tryAgain')}
          </Link>
        </div>
      </Page>
    );
  }

  const facts = (
    <dl className="payment-facts">
      <div>
        <dt>{t('orderId')}</dt>
        <dd className="break">{order.orderId}</dd>
      </div>
      <div>
        <dt>{t('amount')}</dt>
        <dd>{formatRupees(order.orderAmount)}</dd>
      </div>
      <div>
        <dt>{t('date')}</dt>
        <dd>{formatDay(new Date(order.createdAt), tz)}</dd>
      </div>
    </dl>
  );

  if (order.orderStatus === 'PENDING') {
    return (
      <Page title={t('paymentStatus')}>
        <PendingOrder order={order} facts={facts} tz={tz} onCancelled={setCancelled} />
      </Page>
    );
  }

  return (
    <Page title={t('paymentStatus')}>
      <div className={`payment-status ${paid ? 'ok' : 'bad'}`} aria-live="polite">
        <span className="payment-status-icon" aria-hidden="true">
          {paid ? '✓' : '✕'}
        </span>
        <h2>{paid ? t('paymentSuccessful') : t('paymentFailed')}</h2>
        <p>{paid ? t('thankYou') : t('notProcessed')}</p>
        {order.reason === CANCELLED_BY_YOU ? (
          <p className="payment-status-note">{t('cancelledByYou')}</p>
        ) : null}
        {facts}
        <Link to="/payment" className="btn btn-primary btn-block">
          {paid ? t('backToHome') : t('tryAgain')}
        </Link>
      </div>
    </Page>
  );
}

/** A pending order: what is awaited, the exact amount to pay, Pay now and Cancel. */
function PendingOrder(props: {
  order: PaymentOrder;
  facts: React.ReactNode;
  tz: string;
  onCancelled: (order: PaymentOrder) => void;
}) {
  const { order, tz } = props;
  const lang = useLanguage();
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const payable = order.payBy !== undefined && Date.parse(order.payBy) > Date.now();
  const waiting = order.waiting === true;

  const cancel = async () => {
    setCancelling(true);
    try {
      const closed = await cancelOrder(order.orderId);
      setAsking(false);
      showSuccess(t('orderCancelled'));
      props.onCancelled(closed);
    } catch (error) {
      showError((error as Error).message);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="payment-status waiting" aria-live="polite">
      {waiting ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <span className="payment-status-icon" aria-hidden="true">
          …
        </span>
      )}
      <h2>{waiting ? t('waitingBank') : t('paymentPending')}</h2>
      <p>{waiting ? t('waitingNote') : t('notConfirmed')}</p>
      {order.payAmount !== undefined ? (
        <div className="pay-exact" data-testid="pay-exact">
          <span>{t('payExactly')}</span>
          <strong className="pay-exact-amount">{formatRupees(order.payAmount)}</strong>
          {order.reference ? (
            <span>
              {t('referenceLabel')}: <b className="pay-exact-ref">{order.reference}</b>
            </span>
          ) : null}
          {payable && order.payBy ? (
            <span className="payment-status-note">
              {t('payBy', { time: dateTimeParts(order.payBy, tz)[1] })}
            </span>
          ) : null}
        </div>
      ) : null}
      {props.facts}
      {payable ? (
        <a className="btn btn-primary btn-block" href={checkoutUrl(order.orderId, lang)}>
          {t('payNow')}
        </a>
      ) : null}
      {order.cancellable ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => setAsking(true)}>
          {t('cancelOrder')}
        </button>
      ) : null}
      <Link to="/payment" className="btn btn-ghost btn-block">
        {t('backToHome')}
      </Link>
      {asking ? (
        <ConfirmDialog
          title={t('cancelOrderTitle')}
          message={t('cancelOrderMessage', { amount: formatRupees(order.orderAmount) })}
          confirmLabel={cancelling ? t('cancelling') : t('yesCancel')}
          onConfirm={() => void cancel()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
