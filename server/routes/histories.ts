import { z } from 'zod';
import { BidSchema, WinnerSchema } from '../../src/contracts/bids';
import { TransactionSchema } from '../../src/contracts/wallet';
import { isIsoDate } from '../../src/domain/bid-validation';
import { player } from '../http/auth';
import { okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { requestLanguage } from '../i18n/request-language';
import { ownBids, ownTransactions, ownWinners } from '../services/players/histories';

const HistoryQuery = z.object({
  date: z
    .string()
    .refine(isIsoDate, 'Use YYYY-MM-DD')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  marketType: z
    .enum(['main', 'starline', 'galidisawar'], { error: 'marketType must be main, starline or galidisawar' })
    .optional(),
});

/** A player's own bids, wins and ledger (docs/product.md "Bid History", "Winner History", "Wallet"). */
export function historiesRoutes() {
  const r = createRouter('/api/v1/user', 'Histories');

  r.get(
    '/all-bids',
    { summary: 'Own bids', auth: 'player', paged: true, query: HistoryQuery, response: BidSchema },
    async (c, { page, query }) => {
      const { db, env } = c.get('deps');
      const f = { userId: player(c).userId, family: query.marketType, date: query.date, tz: env.MARKET_TZ };
      const { rows, total } = await ownBids(db, f, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.get(
    '/starline-bid',
    { summary: 'Own starline bids', auth: 'player', paged: true, query: HistoryQuery, response: BidSchema },
    async (c, { page, query }) => {
      const { db, env } = c.get('deps');
      const f = {
        userId: player(c).userId,
        family: 'starline' as const,
        date: query.date,
        tz: env.MARKET_TZ,
      };
      const { rows, total } = await ownBids(db, f, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.get(
    '/winners',
    { summary: 'Own winning bids', auth: 'player', paged: true, query: HistoryQuery, response: WinnerSchema },
    async (c, { page, query }) => {
      const { db, env } = c.get('deps');
      const f = {
        userId: player(c).userId,
        family: query.marketType,
        date: query.date,
        tz: env.MARKET_TZ,
      };
      const { rows, total } = await ownWinners(db, f, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.get(
    '/transactions',
    { summary: 'Own ledger', auth: 'player', paged: true, response: TransactionSchema },
    async (c, { page }) => {
      const { db } = c.get('deps');
      const { rows, total } = await ownTransactions(db, player(c).userId, page, requestLanguage(c));
      return okPaged(c, rows, pagination(page, total));
    },
  );
  return r;
}
