import type { Env } from '../../env';
import { qrSvg } from '../qr-svg';
import { UPI_CHECKOUT_CSP, upiCheckoutPage } from './pages';
import { checkoutOrderOf, expiringSchedule, MINUTE, moneyMismatch, type PaymentProvider } from './provider';
import { chooseExactAmount } from './upi-pay-amount';

export const UTR_TAKEN = 'This UTR number was already used for another payment';

export interface UpiPayee {
  vpa: string;
  name: string;
}

/**
 * The upi://pay intent every UPI app opens (NPCI's deep-link format): payee address and name, the
 * exact amount in rupees, the note the player's bank statement shows (the order id, or with
 * automatic matching its short reference), INR.
 * @example upiIntent({vpa: 'shop@okaxis', name: 'Shop'}, 'ORD1', 50000) === 'upi://pay?pa=shop%40okaxis&pn=Shop&am=500.00&tn=ORD1&cu=INR'
 */
export function upiIntent(payee: UpiPayee, note: string, amountPaise: number): string {
  const params = new URLSearchParams({
    pa: payee.vpa,
    pn: payee.name,
    am: (amountPaise / 100).toFixed(2),
    tn: note,
    cu: 'INR',
  });
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}

/** The same intent as an SVG QR code, for paying from another phone's UPI app. */
export function upiQrSvg(intent: string): Promise<string> {
  return qrSvg(intent);
}

/**
 * Direct UPI (PAYMENT_PROVIDER=upi): no gateway at all. Our checkout page shows the upi:// intent
 * and its QR code; the player pays from any UPI app and sends the UTR, and an operator confirms the
 * money arrived (the fund request's approve). An order without a UTR expires.
 *
 * With UPI_AUTO_MATCH each order asks for an exact amount (its amount plus 1-99 paise, held for
 * UPI_MATCH_MINUTES, which is also its window) with a short reference in the note, and the payee's
 * phone forwards its bank's credit messages (upi-notify.ts), which credit the order by themselves.
 */
export function upiProvider(env: Env): PaymentProvider {
  const payee = { vpa: env.UPI_VPA ?? '', name: env.UPI_PAYEE_NAME ?? '' };
  const auto = env.UPI_AUTO_MATCH && Boolean(env.PAYMENT_NOTIFY_SECRET);
  return {
    name: 'upi',
    takesUtr: true,
    schedule: auto
      ? (now) => {
          const expiresAt = new Date(now.getTime() + env.UPI_MATCH_MINUTES * MINUTE);
          return { expiresAt, firstCheckAt: expiresAt };
        }
      : (now) => expiringSchedule(env, now),
    ...(auto ? { identify: chooseExactAmount, notify: { secret: env.PAYMENT_NOTIFY_SECRET as string } } : {}),
    async checkout(order, _active, lang) {
      const intent = upiIntent(payee, order.reference ?? order.order_id, order.amount_paise);
      const html = upiCheckoutPage(
        {
          ...checkoutOrderOf(order),
          utr: order.utr,
          reference: order.reference,
          payBy: order.reference ? order.expires_at : null,
          closedBy: order.gateway_status,
          // Opened while every exact amount of it was held: found by the UTR its player sends.
          byUtr: auto && order.reference === null,
        },
        { intent, qrSvg: await upiQrSvg(intent), payee: `${payee.name} (${payee.vpa})` },
        lang,
      );
      return { html, csp: UPI_CHECKOUT_CSP };
    },
    mustReview: moneyMismatch,
  };
}
