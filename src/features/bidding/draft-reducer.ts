import { parseAmount, singleModeBids } from '../../domain/bid-validation';
import type { Session } from '../../domain/types';
import { type BidEntry, entryKey, entrySession } from './bid-entry';
import { screenOptions } from './options';
import type { BidScreenConfig } from './screens';

/**
 * Everything a bid screen collects, whatever its mode: the bulk amount and selected tiles, the
 * single-mode amount per number, and the added sangam bids. The screen's entries derive from it.
 */
export type DraftState = {
  session: Session | null;
  amountText: string;
  /** Bulk selection in tap order. */
  selected: string[];
  /** Single mode: the typed amount per number, in typing order. */
  singleAmounts: Record<string, string>;
  /** Sangam bids added one by one. */
  list: BidEntry[];
  /** The screen's own fields: a motor's digits, a filter, Odd/Even, the SP/DP/TP switches. */
  inputs: Record<string, string>;
};

export type DraftAction =
  | { type: 'session'; session: Session | null; clearAll: boolean }
  | { type: 'amount'; text: string }
  | { type: 'input'; name: string; value: string }
  | { type: 'toggle'; number: string }
  | { type: 'select'; numbers: readonly string[] }
  | { type: 'single'; number: string; text: string }
  | { type: 'add'; entry: BidEntry }
  | { type: 'remove'; key: string }
  | { type: 'reset' };

export const EMPTY_DRAFT: DraftState = {
  session: null,
  amountText: '',
  selected: [],
  singleAmounts: {},
  list: [],
  inputs: {},
};

/** The reducer of one screen: generated sets (motors, groups) depend on the screen's kind. */
export function draftReducer(config: BidScreenConfig) {
  return (state: DraftState, action: DraftAction): DraftState => reduce(config, state, action);
}

function reduce(config: BidScreenConfig, state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'session':
      // docs/product.md section 4: a session change keeps only that session's bids and clears
      // selections; Half Sangam clears everything.
      return {
        ...state,
        session: action.session,
        selected: [],
        singleAmounts: {},
        inputs: {},
        list: action.clearAll ? [] : state.list.filter((e) => entrySession(e) === action.session),
      };
    case 'amount':
      return withAmount(config, state, action.text);
    case 'input':
      return withInputs(config, state, { ...state.inputs, [action.name]: action.value });
    case 'toggle':
      return {
        ...state,
        selected: state.selected.includes(action.number)
          ? state.selected.filter((n) => n !== action.number)
          : [...state.selected, action.number],
      };
    case 'select':
      return { ...state, selected: [...new Set(action.numbers)] };
    case 'single': {
      const singleAmounts = { ...state.singleAmounts };
      if (action.text === '') delete singleAmounts[action.number];
      else singleAmounts[action.number] = action.text;
      return { ...state, singleAmounts };
    }
    case 'add': {
      const key = entryKey(action.entry);
      return { ...state, list: [...state.list.filter((e) => entryKey(e) !== key), action.entry] };
    }
    case 'remove':
      return removeKey(state, action.key);
    case 'reset':
      return { ...EMPTY_DRAFT, session: state.session };
  }
}

/**
 * New screen inputs. A generated set is the bet, so it replaces the selection when the amount is
 * valid (tiles stay dead without one); single mode drops amounts of numbers no longer offered.
 */
function withInputs(config: BidScreenConfig, state: DraftState, inputs: Record<string, string>): DraftState {
  const options = screenOptions(config, inputs);
  if (!options.autoSelect) return { ...state, inputs };
  if (config.mode === 'bulk') {
    return { ...state, inputs, selected: parseAmount(state.amountText) === null ? [] : [...options.values] };
  }
  const keep = new Set(options.values);
  const singleAmounts = Object.fromEntries(Object.entries(state.singleAmounts).filter(([n]) => keep.has(n)));
  return { ...state, inputs, singleAmounts };
}

/** Typing the amount after a motor's digits selects the generated set, as if typed in order. */
function withAmount(config: BidScreenConfig, state: DraftState, amountText: string): DraftState {
  const valid = parseAmount(amountText) !== null;
  if (!valid || state.selected.length > 0 || config.mode !== 'bulk') return { ...state, amountText };
  const options = screenOptions(config, state.inputs);
  return options.autoSelect
    ? { ...state, amountText, selected: [...options.values] }
    : { ...state, amountText };
}

function removeKey(state: DraftState, key: string): DraftState {
  const list = state.list.filter((e) => entryKey(e) !== key);
  const number = key.slice(key.indexOf(':') + 1);
  const singleAmounts = { ...state.singleAmounts };
  delete singleAmounts[number];
  return { ...state, list, singleAmounts, selected: state.selected.filter((n) => n !== number) };
}

/** The bids the dialog shows, in the order the player made them. */
export function draftEntries(state: DraftState, config: BidScreenConfig): BidEntry[] {
  if (config.kind === 'full-sangam' || config.kind === 'half-sangam') return state.list;
  const number = (n: string, amount: number): BidEntry => ({
    kind: 'number',
    gameType: config.gameType,
    number: n,
    session: state.session,
    amount,
  });
  if (config.mode === 'single') {
    return singleModeBids(state.singleAmounts).map((b) => number(b.digit, b.amount));
  }
  const amount = parseAmount(state.amountText) ?? 0;
  return state.selected.map((n) => number(n, amount));
}
