import {
  type AmountLimits,
  parseAmount,
  validateAmount,
  validateSingleMode,
} from '../../domain/bid-validation';
import {
  ADD_ONE_BID,
  AMOUNT_FIRST,
  AMOUNT_FIRST_BRACKET,
  AMOUNT_FIRST_DIGITS,
  AMOUNT_FIRST_PANNA,
  SELECT_DIGIT,
  SELECT_MARKET_TYPE,
  VALID_AMOUNT_FIRST,
} from '../../domain/messages';
import type { DraftState } from './draft-reducer';
import type { BidScreenConfig, TileNoun } from './screens';

/**
 * The check run when the player asks to see the bids (docs/product.md section 5): a market type on
 * main markets, then the amount and selection rules of the screen's mode. Null when the dialog may
 * open. `digit` names the single-mode input the message belongs to.
 */
export function checkDraft(
  state: DraftState,
  config: BidScreenConfig,
  opts: { needsSession: boolean; limits: AmountLimits; optionsMessage?: string | null },
): { message: string; digit?: string } | null {
  if (opts.needsSession && state.session === null) return { message: SELECT_MARKET_TYPE };
  if (config.kind === 'full-sangam' || config.kind === 'half-sangam') {
    return state.list.length === 0 ? { message: ADD_ONE_BID } : null;
  }
  if (config.mode === 'single') {
    const r = validateSingleMode(state.singleAmounts, opts.limits);
    if (r.ok) return null;
    if (r.digit !== undefined) return { message: r.message, digit: r.digit };
    // Nothing to bid on yet because a motor's digits are missing: say what the digits need.
    return { message: opts.optionsMessage ?? r.message };
  }
  const amountMessage = validateAmount(state.amountText, opts.limits);
  if (amountMessage) return { message: amountMessage };
  return state.selected.length === 0 ? { message: opts.optionsMessage ?? SELECT_DIGIT } : null;
}

const AMOUNT_FIRST_BY_NOUN: Record<TileNoun, string> = {
  digit: AMOUNT_FIRST,
  digits: AMOUNT_FIRST_DIGITS,
  panna: AMOUNT_FIRST_PANNA,
  bracket: AMOUNT_FIRST_BRACKET,
};

/**
 * Why a bulk tile may not be toggled yet (docs/product.md section 4 "Bulk tiles"): no amount typed, or
 * an amount that is not a whole number above zero. Null when tiles are live.
 */
export function tileBlockMessage(amountText: string, noun: TileNoun): string | null {
  if (amountText.trim() === '') return AMOUNT_FIRST_BY_NOUN[noun];
  return parseAmount(amountText) === null ? VALID_AMOUNT_FIRST : null;
}
