/** The settings of a server taking automatic UPI deposits (docs/upi-auto-match.md), for the tests. */
export function upiAutoEnv(secret: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'upi',
    UPI_VPA: 'matka.shop@okaxis',
    UPI_PAYEE_NAME: 'Matka Shop',
    UPI_AUTO_MATCH: 'true',
    PAYMENT_NOTIFY_SECRET: secret,
    ...more,
  };
}
