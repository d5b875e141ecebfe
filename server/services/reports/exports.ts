import type { ExportKind } from '../../../src/contracts/reports';
import { BET_TYPES } from '../../../src/domain/bet-types';
import { addDays, zonedInstant } from '../../../src/domain/market-time';
import { EXPORT_QUERIES, exportRows } from '../../db/repositories/exports';
import type { Db } from '../../db/types';
import { csvLine } from './csv';

/** Rows read from the cursor at a time (about 300 KB of CSV for the widest export). */
export const EXPORT_BATCH = 2000;

/** The download's file name: `bids-2026-11-01-to-2026-11-30.csv`. */
export const exportFileName = (kind: ExportKind, from: string, to: string) => `${kind}-${from}-to-${to}.csv`;

/** Each game type's name as players read it, beside its key in the bids export. */
const GAME_TYPE_NAMES = Object.fromEntries(Object.entries(BET_TYPES).map(([key, t]) => [key, t.title]));

/**
 * Writes one export as CSV (a header row, then one row per record; RFC 4180, formulas
 * neutralised by csv.ts): bids of market days from..to, or the ledger entries, fund requests or
 * withdrawals created in those market days (in the market zone `tz`, which also words every time
 * with its offset). The header goes out with
 * the first batch, so nothing is written before the query has answered. Answers the row count.
 */
export async function writeExport(
  db: Db,
  kind: ExportKind,
  range: { from: string; to: string; tz: string },
  write: (text: string) => Promise<void>,
): Promise<number> {
  const { columns, byMarketDay } = EXPORT_QUERIES[kind];
  const bounds = byMarketDay
    ? { from: range.from, to: range.to }
    : { from: zonedInstant(range.from, 0, range.tz), to: zonedInstant(addDays(range.to, 1), 0, range.tz) };
  let header: string | null = csvLine(columns);
  const options = { ...bounds, tz: range.tz, gameTypeNames: GAME_TYPE_NAMES };
  const rows = await exportRows(db, kind, options, EXPORT_BATCH, async (batch) => {
    let text = header ?? '';
    header = null;
    for (const row of batch) text += csvLine(columns.map((c) => row[c]));
    await write(text);
  });
  if (header !== null) await write(header);
  return rows;
}
