import type { Env } from '../../env';
import type { PaymentGatewayName } from '../../env-gateways';
import { cashfreeProvider } from './cashfree';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';
import { upiProvider } from './upi';

/**
 * Every gateway the server knows, one line each (name as in PAYMENT_PROVIDER and in
 * payment_orders.provider). A new gateway is its own file beside this one plus one line here; its
 * name and required settings go in PAYMENT_GATEWAYS (env-gateways.ts), which env.ts checks before
 * anything runs (the type below makes a name there without a line here a type error).
 */
const GATEWAYS: Record<PaymentGatewayName, (env: Env) => PaymentProvider> = {
  sandbox: sandboxProvider,
  cashfree: cashfreeProvider,
  upi: upiProvider,
};

// One set of providers per Env: the server builds its Env once at start, so each gateway is built
// once and PAYMENT_PROVIDER is read once; a test file with its own Env gets its own.
const built = new WeakMap<Env, Map<string, PaymentProvider>>();

function build(env: Env, name: string): PaymentProvider | null {
  let providers = built.get(env);
  if (!providers) {
    providers = new Map();
    built.set(env, providers);
  }
  const known = providers.get(name);
  if (known) return known;
  const make = Object.hasOwn(GATEWAYS, name) ? GATEWAYS[name as PaymentGatewayName] : undefined;
  if (!make) return null;
  const provider = make(env);
  providers.set(name, provider);
  return provider;
}

/** The provider the server runs with: new orders open here and its webhook is the one answered. */
export function paymentProvider(env: Env): PaymentProvider {
  const provider = build(env, env.PAYMENT_PROVIDER);
  // env.ts accepts only the names above, so this is a programming error, never a request's.
  if (!provider) throw new Error(`PAYMENT_PROVIDER ${env.PAYMENT_PROVIDER} has no implementation`);
  return provider;
}

/**
 * The provider an existing order was opened with (payment_orders.provider), which may differ from
 * today's after a switch: its page, its gateway and its review stay its own. An order of a name no
 * longer known is treated as the sandbox's, whose page and buttons answer 404 under any other provider.
 */
export function providerOfOrder(env: Env, name: string): PaymentProvider {
  return build(env, name) ?? (build(env, 'sandbox') as PaymentProvider);
}
