import { BET_TYPES } from './bet-types';
import { isJodi, RED_BRACKET_JODIS } from './jodis';
import {
  ODD_EVEN_MISMATCH,
  ONE_DIGIT_ONLY,
  PANNA_TYPE_MISMATCH,
  RED_BRACKET_ONLY,
  SELECT_BOTH_PANNAS,
  SELECT_CLOSE_DIGIT_OPEN_PANNA,
  SELECT_DIGIT,
  SELECT_MARKET_TYPE,
  SELECT_OPEN_DIGIT_CLOSE_PANNA,
  VALID_JODI,
  VALID_PANNA,
} from './messages';
import { isPanna, pannaClass } from './pannas';
import type { Atom, BidRow, Family, GameType, PannaClass, PannaType, Session } from './types';

/** Field errors keyed by wire field name ('openDigit', 'session', ...). */
export type FieldErrors = Record<string, string>;
export type AtomOutcome = { atom: Atom; session: Session | null } | { errors: FieldErrors };

type Field = 'digit' | 'openDigit' | 'closeDigit' | 'openPanna' | 'closePanna';

/** The class a panna gameType insists on; motors that mix classes have none. */
const REQUIRED_CLASS: Partial<Record<GameType, PannaClass>> = {
  'single-panna': 'SP',
  'double-panna': 'DP',
  'triple-panna': 'TP',
  'sp-motor': 'SP',
  'dp-motor': 'DP',
};

const isDigit = (s: string): boolean => /^[0-9]$/.test(s);

const text = (row: Partial<BidRow>, field: Field): string =>
  typeof row[field] === 'string' ? (row[field] as string).trim() : '';

/** Checks one digit or panna value for the gameType; returns the error or null. */
function checkNumber(row: Partial<BidRow>, gameType: GameType, value: string): FieldErrors | null {
  const kind = BET_TYPES[gameType].atom;
  if (kind === 'digit') {
    if (!isDigit(value)) return { digit: ONE_DIGIT_ONLY };
    if (gameType !== 'odd-even' || row.pannaType === undefined) return null;
    const parity = Number(value) % 2 === 1 ? 'ODD' : 'EVEN';
    return row.pannaType === parity ? null : { pannaType: ODD_EVEN_MISMATCH };
  }
  if (kind === 'jodi') {
    if (!isJodi(value)) return { digit: VALID_JODI };
    if (gameType === 'red-bracket' && !RED_BRACKET_JODIS.includes(value)) return { digit: RED_BRACKET_ONLY };
    return null;
  }
  if (!isPanna(value)) return { digit: VALID_PANNA };
  const cls = pannaClass(value);
  const required = REQUIRED_CLASS[gameType];
  if (required && cls !== required) return { digit: PANNA_TYPE_MISMATCH };
  if (row.pannaType !== undefined && row.pannaType !== cls) return { pannaType: PANNA_TYPE_MISMATCH };
  return null;
}

/** Moves a generic 'digit' error onto the field the number came from. */
function onField(errors: FieldErrors, field: Field): FieldErrors {
  const { digit, ...rest } = errors;
  return digit === undefined ? rest : { ...rest, [field]: digit };
}

function numberAtom(gameType: GameType, value: string, target: 'open' | 'close' | 'draw' | 'ank'): Atom {
  const kind = BET_TYPES[gameType].atom;
  if (kind === 'jodi') return { kind: 'jodi', jodi: value };
  if (kind === 'panna') return { kind: 'panna', target: target === 'ank' ? 'draw' : target, panna: value };
  return { kind: 'digit', target: target === 'draw' ? 'ank' : target, digit: value };
}

function sangamAtom(row: Partial<BidRow>, gameType: 'full-sangam' | 'half-sangam'): AtomOutcome {
  if (gameType === 'full-sangam') {
    const [op, cp] = [text(row, 'openPanna'), text(row, 'closePanna')];
    if (!op || !cp) return { errors: { [op ? 'closePanna' : 'openPanna']: SELECT_BOTH_PANNAS } };
    if (!isPanna(op)) return { errors: { openPanna: VALID_PANNA } };
    if (!isPanna(cp)) return { errors: { closePanna: VALID_PANNA } };
    return { atom: { kind: 'full-sangam', openPanna: op, closePanna: cp }, session: row.session ?? null };
  }
  if (row.session === undefined) return { errors: { session: SELECT_MARKET_TYPE } };
  const open = row.session === 'Open';
  const [digitField, pannaField]: [Field, Field] = open
    ? ['openDigit', 'closePanna']
    : ['closeDigit', 'openPanna'];
  const [digit, panna] = [text(row, digitField), text(row, pannaField)];
  const missing = open ? SELECT_OPEN_DIGIT_CLOSE_PANNA : SELECT_CLOSE_DIGIT_OPEN_PANNA;
  if (!digit || !panna) return { errors: { [digit ? pannaField : digitField]: missing } };
  if (!isDigit(digit)) return { errors: { [digitField]: ONE_DIGIT_ONLY } };
  if (!isPanna(panna)) return { errors: { [pannaField]: VALID_PANNA } };
  return { atom: { kind: 'half-sangam', variant: row.session, digit, panna }, session: row.session };
}

/**
 * Main-market rows (docs/api.md "Bids"): session bets carry the number in openDigit (Open) or closeDigit
 * (Close); whole-day jodis carry it in openDigit; sangams use openPanna/closePanna.
 */
export function mainRowAtom(row: Partial<BidRow>, gameType: GameType): AtomOutcome {
  if (gameType === 'full-sangam' || gameType === 'half-sangam') return sangamAtom(row, gameType);
  if (BET_TYPES[gameType].sessionKind === 'whole-day') {
    // Whole-day jodis send session "Open" and the jodi in openDigit; `digit` is accepted too.
    const field: Field = text(row, 'openDigit') ? 'openDigit' : 'digit';
    const value = text(row, field);
    if (!value) return { errors: { openDigit: SELECT_DIGIT } };
    const errors = checkNumber(row, gameType, value);
    if (errors) return { errors: onField(errors, field) };
    return { atom: numberAtom(gameType, value, 'open'), session: row.session ?? null };
  }
  if (row.session === undefined) return { errors: { session: SELECT_MARKET_TYPE } };
  const field: Field = row.session === 'Open' ? 'openDigit' : 'closeDigit';
  const value = text(row, field);
  if (!value) return { errors: { [field]: SELECT_DIGIT } };
  const errors = checkNumber(row, gameType, value);
  if (errors) return { errors: onField(errors, field) };
  return {
    atom: numberAtom(gameType, value, row.session === 'Open' ? 'open' : 'close'),
    session: row.session,
  };
}

/** Starline and galidisawar rows carry the number in `digit`; one draw, so no session. */
export function drawRowAtom(row: Partial<BidRow>, gameType: GameType): AtomOutcome {
  const value = text(row, 'digit');
  if (!value) return { errors: { digit: SELECT_DIGIT } };
  const errors = checkNumber(row, gameType, value);
  if (errors) return { errors };
  if (gameType === 'left-digit' || gameType === 'right-digit') {
    return {
      atom: { kind: 'digit', target: gameType === 'left-digit' ? 'left' : 'right', digit: value },
      session: null,
    };
  }
  return { atom: numberAtom(gameType, value, 'draw'), session: null };
}

/** The wire fields a stored bid shows: the session's number field, and the panna class or parity. */
export type BidFields = {
  digit: string | null;
  openDigit: string | null;
  closeDigit: string | null;
  openPanna: string | null;
  closePanna: string | null;
  pannaType: PannaType | null;
};

/**
 * The canonical fields of a validated bid, derived from what it settles as (its atom) and its
 * gameType alone, never copied from the request: a stray `closePanna` on a single-digit row is
 * not part of the bet, so it is neither stored nor shown (docs/api.md "Bids" gives where each number
 * travels). pannaType is the panna's class, or ODD/EVEN for odd-even.
 * @example canonicalFields({kind: 'digit', target: 'open', digit: '4'}, 'single-digit', 'main')
 * // {digit: null, openDigit: '4', closeDigit: null, openPanna: null, closePanna: null, pannaType: null}
 */
export function canonicalFields(atom: Atom, gameType: GameType, family: Family): BidFields {
  const f: BidFields = {
    digit: null,
    openDigit: null,
    closeDigit: null,
    openPanna: null,
    closePanna: null,
    pannaType: null,
  };
  switch (atom.kind) {
    case 'digit':
      if (atom.target === 'open') f.openDigit = atom.digit;
      else if (atom.target === 'close') f.closeDigit = atom.digit;
      else f.digit = atom.digit;
      if (gameType === 'odd-even') f.pannaType = Number(atom.digit) % 2 === 1 ? 'ODD' : 'EVEN';
      return f;
    case 'panna':
      if (atom.target === 'open') f.openDigit = atom.panna;
      else if (atom.target === 'close') f.closeDigit = atom.panna;
      else f.digit = atom.panna;
      f.pannaType = pannaClass(atom.panna);
      return f;
    case 'jodi':
      // Main markets carry a whole-day jodi in openDigit; galidisawar in digit.
      if (family === 'main') f.openDigit = atom.jodi;
      else f.digit = atom.jodi;
      return f;
    case 'half-sangam':
      if (atom.variant === 'Open') {
        f.openDigit = atom.digit;
        f.closePanna = atom.panna;
      } else {
        f.openPanna = atom.panna;
        f.closeDigit = atom.digit;
      }
      return f;
    default:
      f.openPanna = atom.openPanna;
      f.closePanna = atom.closePanna;
      return f;
  }
}
