import { randomInt } from 'node:crypto';
import { freePayAmounts, holdPayAmount } from '../../db/repositories/payment-notifications';
import { type GatewayOrderRow, openOrderOfAmount } from '../../db/repositories/payments';
import { lockUser } from '../../db/repositories/users';
import type { Queryable } from '../../db/types';
import type { IdentifyOrder } from './provider';
import { isReference, REFERENCE_ALPHABET } from './upi-messages';

/** POST /user/fund of an amount whose 99 exact amounts are all held: paid as asked, found by its UTR. */
export const AMOUNT_BY_UTR =
  'Many players are paying this amount right now. Pay it as usual, then enter the 12-digit UTR number from your UPI app on the payment page.';
/** POST /user/fund of an amount the player's own open order already asks for: that order again. */
export const OPEN_ORDER_AGAIN = 'You already have a payment of this amount waiting: here it is again.';

/** Tries to take a free amount this many times before giving up on a run of lost races. */
const ATTEMPTS = 25;

/**
 * A short code for the UPI note: 'M' and seven characters without look-alikes (no I, O, 0, 1),
 * at least two of them digits, so it is never a word or a name in a bank's message.
 * @example newReference() // 'MK7Q3P2X'
 */
export function newReference(): string {
  for (;;) {
    let code = 'M';
    for (let i = 0; i < 7; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
    if (isReference(code)) return code;
  }
}

/**
 * The exact amount a new order asks for: its amount plus 1 to 99 paise that no other order holds
 * while this one's window is open, taken in the order's transaction (two parallel orders never get
 * the same one), and its reference. When all 99 are held (99 open orders of that very amount, of
 * 99 players: one player holds one, see openOrderOfSameAmount) the order is not refused: it asks
 * for its amount as chosen, with no reference, and its player sends the UTR (issue 44).
 */
export async function chooseExactAmount(
  tx: Queryable,
  order: IdentifyOrder,
): Promise<{ amountPaise: number; reference: string | null }> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const held = await holdPayAmount(tx, order.amountPaise, order.orderId, order.now, order.until);
    if (held !== null) return { amountPaise: held, reference: newReference() };
    if ((await freePayAmounts(tx, order.amountPaise, order.now)) === 0) break;
  }
  return { amountPaise: order.amountPaise, reference: null };
}

/**
 * One open order per player per amount (issue 44: 20 accounts with 5 orders each held all 99 exact
 * amounts of a popular amount): the player's order of this rupee amount that still waits for its
 * payment, taken under the player's row lock so parallel requests see each other's order. Null:
 * open a new one.
 */
export async function openOrderOfSameAmount(
  tx: Queryable,
  o: { userId: string; provider: string; amountPaise: number; now: Date },
): Promise<GatewayOrderRow | null> {
  await lockUser(tx, o.userId);
  return openOrderOfAmount(tx, {
    userId: o.userId,
    provider: o.provider,
    basePaise: o.amountPaise,
    now: o.now,
  });
}
