/**
 * The bank-message table (tests/fixtures/upi-messages.json) as the parser's tests read it: each
 * message with what it must read as (see upi-messages.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BankMessage } from '../../../../server/services/payments/upi-messages';

export interface TableMessage {
  source: string;
  channel: 'bank' | 'app';
  lang: 'en' | 'hi';
  from: string | null;
  text: string;
  outcome: 'credit' | 'unmatched' | 'ignored';
  reason: string | null;
  /** A credit's amount, its UTR (null: the message has none) and whether it is a UPI credit. */
  paise?: number;
  utr?: string | null;
  upi?: boolean;
  /** issue-44: a wording that credited before the parser was rewritten. */
  tag?: string;
}

export const TABLE: TableMessage[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../fixtures/upi-messages.json'), 'utf8'),
).messages;
export const CREDITS = TABLE.filter((m) => m.outcome === 'credit');

/** What the parser made of a message, in the table's terms. */
export function reading(read: BankMessage) {
  if (read.kind === 'credit') {
    return { outcome: 'credit', reason: null, paise: read.amountPaise, utr: read.utr, upi: read.upi };
  }
  return { outcome: read.kind === 'unclear' ? 'unmatched' : 'ignored', reason: read.reason };
}
