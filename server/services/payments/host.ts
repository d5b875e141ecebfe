import type { Lang } from '../../../src/i18n/languages';
import { findGatewayOrder } from '../../db/repositories/payments';
import type { Deps } from '../../deps';
import type { Env } from '../../env';
import { CHECKOUT_CSP, checkoutPage } from './pages';
import type { CheckoutPage, WebhookVerdict } from './provider';
import { paymentProvider, providerOfOrder } from './registry';

/**
 * The payment host's use cases (docs/api.md "Funds, payment host"): the checkout page of an order, the
 * sandbox's Pay/Fail buttons and the gateway's webhook. Which gateway does what is the provider's
 * business; these only find the order and hand it to the right one.
 */

/**
 * GET /api/payment/checkout/{orderId}: the page of the order's own provider; a missing order (or
 * `orderId` null: not one of ours) has the "not found" page. Null: the page does not exist here.
 */
export async function checkoutFor(
  deps: Pick<Deps, 'db' | 'env'>,
  orderId: string | null,
  lang: Lang = 'en',
): Promise<(CheckoutPage & { found: boolean }) | null> {
  const order = orderId ? await findGatewayOrder(deps.db, orderId) : null;
  if (!order) return { html: checkoutPage(null), csp: CHECKOUT_CSP, found: false };
  const provider = providerOfOrder(deps.env, order.provider);
  const page = await provider.checkout(order, provider === paymentProvider(deps.env), lang);
  return page && { ...page, found: true };
}

/**
 * The sandbox's Pay and Fail buttons: 'disabled' under a provider without them (the path answers
 * 404 and changes nothing), 'no-order' for a missing order (or `orderId` null: not one of ours).
 */
export async function pressSandboxButton(
  deps: Pick<Deps, 'db' | 'env'>,
  orderId: string | null,
  outcome: 'SUCCESS' | 'FAILED',
): Promise<'disabled' | 'no-order' | 'settled'> {
  const provider = paymentProvider(deps.env);
  if (!provider.simulate) return 'disabled';
  if (!orderId) return 'no-order';
  return provider.simulate(deps.db, orderId, outcome);
}

/**
 * Whether POST /api/payment/webhook takes anything, asked before its body is read: 'absent' when the
 * provider has no webhook (404), 'not-configured' when its secret is not set (503), else null.
 */
export function webhookClosed(env: Env): 'absent' | 'not-configured' | null {
  const webhook = paymentProvider(env).webhook;
  if (!webhook) return 'absent';
  return webhook.configured ? null : 'not-configured';
}

/** The provider's verdict on a webhook's signature (and age), over the raw bytes as received. */
export function verifyWebhook(
  env: Env,
  raw: string,
  header: (name: string) => string | undefined,
  now: Date,
): WebhookVerdict {
  const webhook = paymentProvider(env).webhook;
  return webhook ? webhook.verify(raw, header, now) : 'bad-signature';
}

/**
 * The verified, parsed webhook body: applied in one transaction (de-duplicated by the provider),
 * or acknowledged and ignored. 'incomplete': the body lacks what the provider needs.
 */
export async function applyWebhook(
  deps: Pick<Deps, 'db' | 'env'>,
  payload: unknown,
  now: Date,
): Promise<{ outcome: string } | 'incomplete'> {
  const webhook = paymentProvider(deps.env).webhook;
  const event = webhook ? webhook.read(payload) : 'ignored';
  if (event === 'incomplete') return event;
  if (event === 'ignored') return { outcome: 'ignored' };
  return { outcome: await deps.db.transaction((tx) => event.apply(tx, now)) };
}
