import type { FundBody } from '../../../src/contracts/funds';
import { paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import type { GatewayOrderRow } from '../../db/repositories/payments';
import { phoneOf } from '../../db/repositories/users';
import type { Deps } from '../../deps';
import { unavailable } from '../errors';
import { hasStoredAnswer, type MoneyAnswer, runIdempotent } from '../idempotency';
import { assertPendingFundCap } from '../money/fund-limits';
import { checkoutUrl, createFund, newOrderId } from '../money/funds';
import { assertDepositAllowed, assertNotPaused, noteRefusal } from '../players/responsible-play';
import { GatewayError } from './provider';
import { paymentProvider } from './registry';
import { AMOUNT_BY_UTR, OPEN_ORDER_AGAIN, openOrderOfSameAmount } from './upi-pay-amount';

export const GATEWAY_DOWN =
  'The payment gateway is not answering right now. No money was taken; please try again in a minute.';

/**
 * POST /user/fund after the route's checks (money mode, maintenance, the address limit): a pending
 * fund request and its payment order with the server's provider, at most once per Idempotency-Key.
 * The answer is the one stored for the key (201 with the checkout's paymentUrl).
 */
export async function requestFunds(
  deps: Deps,
  userId: string,
  body: FundBody,
  header: string | undefined,
): Promise<MoneyAnswer> {
  const { db, env, clock, logger } = deps;
  const provider = paymentProvider(env);
  const amountPaise = pointsToPaise(body.amount);
  // The gateway order is opened before anything is written, outside any transaction: a gateway
  // that is down or slow costs a clear 503 and no row. A retried key replays without asking it.
  const orderId = newOrderId();
  const now = await clock.now();
  const guard = { now, tz: env.MARKET_TZ, mode: env.MONEY_MODE };
  const { expiresAt, firstCheckAt } = provider.schedule(now);
  let session: string | null = null;
  if (!(await hasStoredAnswer(db, userId, header))) {
    // Refuse before the gateway is asked: a paused player or one at the cap opens no order anywhere.
    await assertNotPaused(db, userId, guard).catch(async (e) => {
      throw await noteRefusal(db, userId, e);
    });
    await assertPendingFundCap(db, userId, env.LIMIT_PENDING_FUND_ORDERS_PER_PLAYER, now);
    if (provider.open) {
      try {
        session = await provider.open({
          orderId,
          amountPaise,
          userId,
          phone: await phoneOf(db, userId),
          expiresAt,
        });
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        logger.warn('payment gateway refused an order', { status: error.status, error: error.message });
        throw unavailable(GATEWAY_DOWN);
      }
    }
  }
  return runIdempotent(db, { userId, header, route: 'POST /user/fund', body }, async (tx) => {
    // A key whose stored answer expired between the check above and here: ask again.
    if (provider.open && !session) throw unavailable(GATEWAY_DOWN);
    // A provider that tells payments apart by their exact amount: the player's order of this
    // amount that still waits is answered again (nothing new is held or counted).
    const again = provider.identify
      ? await openOrderOfSameAmount(tx, { userId, provider: provider.name, amountPaise, now })
      : null;
    if (again) return fundAnswer(200, OPEN_ORDER_AGAIN, again, env.PUBLIC_URL);
    // Under the player's row lock: parallel orders are counted in turn against the pause,
    // the deposit limits (docs/api.md "Responsible play") and the pending-order cap.
    await assertDepositAllowed(tx, userId, amountPaise, guard);
    await assertPendingFundCap(tx, userId, env.LIMIT_PENDING_FUND_ORDERS_PER_PLAYER, now);
    // A provider that tells payments apart by their exact amount asks for a few paise more (the
    // limits above counted the amount the player chose).
    const exact = provider.identify
      ? await provider.identify(tx, { orderId, amountPaise, now, until: expiresAt })
      : null;
    const out = await createFund(tx, userId, paiseToPoints(exact?.amountPaise ?? amountPaise), {
      orderId,
      provider: provider.name,
      publicUrl: env.PUBLIC_URL,
      session,
      expiresAt,
      firstCheckAt,
      reference: exact?.reference ?? null,
    });
    const data = { fundId: out.fund.id, orderId: out.orderId, paymentUrl: out.paymentUrl };
    if (!exact) return { status: 201, body: { status: true, message: 'Fund request created', data } };
    if (exact.reference === null) {
      return { status: 201, body: { status: true, message: AMOUNT_BY_UTR, data: { ...data, byUtr: true } } };
    }
    const payAmount = paiseToPoints(exact.amountPaise);
    return {
      status: 201,
      body: {
        status: true,
        message: 'Fund request created',
        data: { ...data, payAmount, reference: exact.reference },
      },
    };
  }).catch(async (e) => {
    throw await noteRefusal(db, userId, e);
  });
}

/** POST /user/fund's answer for an order that exists already (the player's open one of that amount). */
function fundAnswer(status: 200, message: string, o: GatewayOrderRow, publicUrl: string | undefined) {
  const data = {
    fundId: o.fund_request_id,
    orderId: o.order_id,
    paymentUrl: checkoutUrl(publicUrl, o.order_id),
  };
  return {
    status,
    body: {
      status: true,
      message,
      data: o.reference
        ? { ...data, payAmount: paiseToPoints(o.amount_paise), reference: o.reference }
        : { ...data, byUtr: true },
    },
  };
}
