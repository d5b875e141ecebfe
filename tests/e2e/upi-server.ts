/** The bank-SMS forwarder's secret of a server started with UPI_AUTO_ENV. */
export const NOTIFY_SECRET = 'e2e-notify-secret-0123456789';

/**
 * A server's settings for direct UPI with automatic matching (issue 35): the checkout page shows
 * the exact amount with "Copy amount", and a forwarded HDFC Bank SMS credits the order.
 */
export const UPI_AUTO_ENV = {
  PAYMENT_PROVIDER: 'upi',
  UPI_VPA: 'matka.shop@okaxis',
  UPI_PAYEE_NAME: 'Matka Shop',
  UPI_AUTO_MATCH: 'true',
  PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET,
  UPI_NOTIFY_SENDERS: 'HDFCBK',
};
