import type { Family } from '../../../src/contracts/common';
import type { Lang } from '../../../src/i18n/languages';
import { listBids } from '../../db/repositories/bids';
import { listEntries } from '../../db/repositories/ledger';
import type { Queryable } from '../../db/types';
import { presentBid, presentWinner } from '../bids/present';
import { presentTransaction } from '../money/ledger';

// A player's own bids, wins and ledger (docs/product.md "Bid History", "Winner History", "Wallet"),
// one page at a time, already in the wire shape.

interface Page {
  limit: number;
  offset: number;
}

export interface OwnBidsFilter {
  userId: string;
  family?: Family;
  /** A market day or the calendar day the bid was placed, in the market zone. */
  date?: string;
  tz: string;
}

export async function ownBids(q: Queryable, f: OwnBidsFilter, page: Page) {
  const { rows, total } = await listBids(q, f, page.limit, page.offset);
  return { rows: rows.map(presentBid), total };
}

export async function ownWinners(q: Queryable, f: OwnBidsFilter, page: Page) {
  const { rows, total } = await listBids(q, { ...f, status: 'won' }, page.limit, page.offset);
  return { rows: rows.map(presentWinner), total };
}

/** A player's ledger, its lines in `lang` (the request's language). */
export async function ownTransactions(q: Queryable, userId: string, page: Page, lang: Lang) {
  const { rows, total } = await listEntries(q, userId, page.limit, page.offset);
  return { rows: rows.map((e) => presentTransaction(e, lang)), total };
}
