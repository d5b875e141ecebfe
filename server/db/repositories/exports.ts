import type { ExportKind } from '../../../src/contracts/reports';
import { type BatchedQuery, forEachBatch } from '../cursor';
import type { Db } from '../types';

// The CSV exports' queries (GET /admin/exports/{kind}.csv). Every column is text made here, named
// as its CSV header, so the service only escapes; rows come in the order of a key an index serves
// (migration 018), read in batches (db/cursor.ts: a server-side cursor on PostgreSQL).
// Parameters: $1, $2 the range; $3 the market's time zone; $4 (bids) the game types' names.

/** How far the market's zone ($3) is ahead of UTC at that instant: an interval, negative west. */
const offset = (column: string) => `((${column} AT TIME ZONE $3::text) - (${column} AT TIME ZONE 'UTC'))`;
/**
 * An instant as ISO 8601 in the market's zone with its offset, to the second, as the market day
 * beside it reads it: `2026-11-29T00:54:49+05:30` (issue 49; UTC put a bid of the 29th on the 28th).
 * Null stays null.
 */
const local = (column: string) =>
  `to_char(${column} AT TIME ZONE $3::text, 'YYYY-MM-DD"T"HH24:MI:SS')
   || CASE WHEN ${offset(column)} < interval '0' THEN '-' ELSE '+' END
   || to_char(CASE WHEN ${offset(column)} < interval '0' THEN -${offset(column)} ELSE ${offset(column)} END, 'HH24:MI')`;
/** Paise as points with two decimals ('12.50'). */
const points = (column: string) => `to_char(${column} / 100.0, 'FM999999999999990.00')`;

interface ExportQuery extends BatchedQuery {
  columns: readonly string[];
  /** true: $1/$2 are market days (both included); false: instants [from, to). */
  byMarketDay: boolean;
}

const BIDS = [
  'bidId',
  'createdAt',
  'marketDay',
  'userId',
  'phone',
  'game',
  'family',
  'gameType',
  'gameTypeName',
  'session',
  'number',
  'pannaType',
  'amount',
  'status',
  'winAmount',
  'requestId',
] as const;

const LEDGER = [
  'entryId',
  'createdAt',
  'userId',
  'phone',
  'kind',
  'type',
  'amount',
  'status',
  'reference',
  'description',
  'createdBy',
] as const;

const FUNDS = [
  'fundId',
  'createdAt',
  'userId',
  'phone',
  'name',
  'amount',
  'status',
  'provider',
  'orderId',
  'orderStatus',
  'utr',
  'decidedAt',
  'decidedBy',
  'note',
] as const;

const WITHDRAWALS = [
  'withdrawalId',
  'createdAt',
  'userId',
  'phone',
  'name',
  'amount',
  'method',
  'upiPhone',
  'accountHolderName',
  'accountNumber',
  'ifsc',
  'bankName',
  'status',
  'decidedAt',
  'decidedBy',
  'note',
] as const;

export const EXPORT_QUERIES: Record<ExportKind, ExportQuery> = {
  bids: {
    columns: BIDS,
    byMarketDay: true,
    // The bid's number as the player chose it: a digit, a panna, a jodi, or both halves of a
    // sangam joined by '-' (open part first).
    select: `b.id::text AS "bidId", ${local('b.created_at')} AS "createdAt", b.bid_date::text AS "marketDay",
             b.user_id::text AS "userId", u.phone, g.game_name AS game, b.family, b.game_type AS "gameType",
             $4::jsonb ->> b.game_type AS "gameTypeName", b.session,
             concat_ws('-', coalesce(b.open_digit, b.open_panna), coalesce(b.close_digit, b.close_panna), b.digit) AS number,
             b.panna_type AS "pannaType", ${points('b.amount_paise')} AS amount, b.status,
             ${points('b.win_paise')} AS "winAmount", b.request_id::text AS "requestId"`,
    from: 'bids b JOIN users u ON u.id = b.user_id JOIN games g ON g.id = b.game_id',
    where: 'b.bid_date BETWEEN $1::date AND $2::date',
    key: [
      ['b.bid_date', 'date'],
      ['b.id', 'uuid'],
    ],
  },
  ledger: {
    columns: LEDGER,
    byMarketDay: false,
    select: `l.id::text AS "entryId", ${local('l.created_at')} AS "createdAt", l.user_id::text AS "userId", u.phone,
             l.kind, CASE WHEN l.amount_paise > 0 THEN 'credit' ELSE 'debit' END AS type,
             ${points('abs(l.amount_paise)')} AS amount, l.status, l.ref_id AS reference, l.description,
             a.username AS "createdBy"`,
    from: 'ledger l JOIN users u ON u.id = l.user_id LEFT JOIN admins a ON a.id = l.created_by',
    where: 'l.created_at >= $1 AND l.created_at < $2',
    key: [
      ['l.created_at', 'timestamptz'],
      ['l.id', 'uuid'],
    ],
  },
  funds: {
    columns: FUNDS,
    byMarketDay: false,
    select: `f.id::text AS "fundId", ${local('f.created_at')} AS "createdAt", f.user_id::text AS "userId", u.phone,
             u.name, ${points('f.amount_paise')} AS amount, f.status, o.provider, o.order_id AS "orderId",
             o.status AS "orderStatus", o.utr, ${local('f.decided_at')} AS "decidedAt", a.username AS "decidedBy",
             f.note`,
    from: `fund_requests f JOIN users u ON u.id = f.user_id
           LEFT JOIN payment_orders o ON o.fund_request_id = f.id LEFT JOIN admins a ON a.id = f.decided_by`,
    where: 'f.created_at >= $1 AND f.created_at < $2',
    key: [
      ['f.created_at', 'timestamptz'],
      ['f.id', 'uuid'],
    ],
  },
  withdrawals: {
    columns: WITHDRAWALS,
    byMarketDay: false,
    select: `w.id::text AS "withdrawalId", ${local('w.created_at')} AS "createdAt", w.user_id::text AS "userId",
             u.phone, u.name, ${points('w.amount_paise')} AS amount, w.method,
             w.method_details ->> 'phoneNumber' AS "upiPhone",
             w.method_details ->> 'accountHolderName' AS "accountHolderName",
             w.method_details ->> 'accountNumber' AS "accountNumber", w.method_details ->> 'ifscCode' AS ifsc,
             w.method_details ->> 'bankName' AS "bankName", w.status, ${local('w.decided_at')} AS "decidedAt",
             a.username AS "decidedBy", w.note`,
    from: 'withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN admins a ON a.id = w.decided_by',
    where: 'w.created_at >= $1 AND w.created_at < $2',
    key: [
      ['w.created_at', 'timestamptz'],
      ['w.id', 'uuid'],
    ],
  },
};

export type ExportRow = Record<string, string | null>;

/**
 * Every row of one export over `range` (market days for bids, else instants [from, to)), its
 * times in the market zone `tz`, in batches through a cursor; `each` is awaited before the next
 * batch is read. `gameTypeNames` ({"single-digit": "Single Digit", ...}) names the bids' game types.
 */
export function exportRows(
  db: Db,
  kind: ExportKind,
  range: { from: string | Date; to: string | Date; tz: string; gameTypeNames: Record<string, string> },
  size: number,
  each: (rows: ExportRow[]) => Promise<void>,
): Promise<number> {
  const params: unknown[] = [range.from, range.to, range.tz];
  // A parameter no statement uses has no type PostgreSQL can settle on: only bids take the names.
  if (kind === 'bids') params.push(JSON.stringify(range.gameTypeNames));
  return forEachBatch<ExportRow>(db, EXPORT_QUERIES[kind], params, size, each);
}
