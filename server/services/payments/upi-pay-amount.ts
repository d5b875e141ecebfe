import { randomInt } from 'node:crypto';
import { freePayAmounts, holdPayAmount } from '../../db/repositories/payment-notifications';
import type { Queryable } from '../../db/types';
import { unprocessable } from '../errors';
import type { IdentifyOrder } from './provider';
import { isReference, REFERENCE_ALPHABET } from './upi-messages';

export const AMOUNT_BUSY =
  'Too many payments of this amount are waiting right now. Please try again in a few minutes or choose a slightly different amount.';

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
 * the same one), and its reference. 422 when all 99 are held (99 open orders of that very amount).
 */
export async function chooseExactAmount(
  tx: Queryable,
  order: IdentifyOrder,
): Promise<{ amountPaise: number; reference: string }> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const held = await holdPayAmount(tx, order.amountPaise, order.orderId, order.now, order.until);
    if (held !== null) return { amountPaise: held, reference: newReference() };
    if ((await freePayAmounts(tx, order.amountPaise, order.now)) === 0) break;
  }
  throw unprocessable(AMOUNT_BUSY, { amount: AMOUNT_BUSY });
}
