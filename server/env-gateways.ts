/**
 * The payment gateways PAYMENT_PROVIDER may name, with the settings each cannot run without (it
 * could not open an order, verify a webhook or send the player back) and, for one production must
 * never run, why. Each has its implementation in server/services/payments/ and a line in its
 * registry.ts, whose type follows these names.
 */
export const PAYMENT_GATEWAYS = {
  // The sandbox's Pay button credits any order: a production deployment must never carry it.
  sandbox: {
    requires: [],
    refusedInProduction: 'the sandbox gateway (the default) is refused in production; set a real provider',
  },
  cashfree: { requires: ['CASHFREE_APP_ID', 'CASHFREE_SECRET_KEY', 'PUBLIC_URL'] },
  upi: { requires: ['UPI_VPA', 'UPI_PAYEE_NAME'] },
} satisfies Record<string, GatewaySettings>;
export interface GatewaySettings {
  requires: readonly (
    | 'CASHFREE_APP_ID'
    | 'CASHFREE_SECRET_KEY'
    | 'PUBLIC_URL'
    | 'UPI_VPA'
    | 'UPI_PAYEE_NAME'
  )[];
  refusedInProduction?: string;
}
export type PaymentGatewayName = keyof typeof PAYMENT_GATEWAYS;
