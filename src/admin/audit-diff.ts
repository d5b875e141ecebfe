import { money, statusWord, whenText } from './words';

// What a write changed, for the audit log's cards (audit.tsx): the fields that differ between the
// resource before and after, named and valued in words. Nothing raw: no JSON, no ids.

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** Fields never shown: ids, bookkeeping times, nested records the sentence already names. */
const SKIP = new Set(['_id', 'id', 'createdAt', 'updatedAt', 'user', 'desk', 'requestId']);
/** The fields a change names most, in words (the API keeps its own names). */
const FIELD_WORDS: Record<string, string> = {
  status: 'Status',
  reason: 'Reason',
  amount: 'Amount',
  balance: 'Balance',
  isBlocked: 'Blocked',
  globel_batting: 'Betting',
  currentMarketStatus: 'Taking bids',
  isActive: 'Switched on',
  openTime: 'Opens',
  closeTime: 'Closes',
  gameName: 'Name',
  schedule: 'Weekdays',
  texts: 'Hindi and Marathi',
  payoutUtr: 'UTR',
  utr: 'UTR',
  twoFactor: 'Two-factor sign-in',
  role: 'Role',
  outcome: 'Outcome',
};
const MONEY_FIELDS = new Set(['amount', 'balance', 'payout', 'stake', 'totalWinAmount']);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A field's name in words: its own, else its camelCase spelled out ("decidedBy" -> "Decided by"). */
export function fieldWord(field: string): string {
  const known = FIELD_WORDS[field];
  if (known) return known;
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value in words, or null when it cannot be said without raw data (an object, an id). */
function shown(field: string, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return 'none';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return MONEY_FIELDS.has(field) ? money(v) : v.toLocaleString('en-IN');
  if (typeof v !== 'string') return null;
  if (UUID.test(v)) return null;
  if (ISO.test(v)) return whenText(v);
  return field === 'status' ? statusWord(v) : v;
}

/**
 * The fields that changed between before and after (top level, at most `max`), as
 * [field in words, before, after]. Nothing when either side is missing; a field whose values are
 * records or ids is left out (the sentence says what changed).
 * @example shortDiff({status: 'pending', amount: 120}, {status: 'approved', amount: 120}) // [['Status', 'Pending', 'Approved']]
 */
export function shortDiff(before: unknown, after: unknown, max = 6): Array<[string, string, string]> {
  const a = obj(before);
  const b = obj(after);
  if (!Object.keys(a).length || !Object.keys(b).length) return [];
  const out: Array<[string, string, string]> = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (SKIP.has(key) || key.endsWith('Id')) continue;
    const x = shown(key, a[key]);
    const y = shown(key, b[key]);
    if (x === null || y === null || x === y) continue;
    out.push([fieldWord(key), x, y]);
    if (out.length >= max) break;
  }
  // The player's balance beside a money request (services/money/desk.ts) is worth its own line.
  const balance = (v: Obj) => obj(v.desk).balance;
  if (balance(a) !== undefined && balance(a) !== balance(b) && out.length < max) {
    out.push(['Balance', money(Number(balance(a))), money(Number(balance(b)))]);
  }
  return out;
}
