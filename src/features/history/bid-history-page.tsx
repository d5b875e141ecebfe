import { fetchBidHistory } from '../../api/history';
import type { Bid } from '../../contracts/bids';
import { tPages as t } from '../../i18n/en/pages';
import { dateTimeParts } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { amountText, useMoneyMode } from '../../lib/money-mode';
import { bidDigits, familyOf, gameTypeTitle, rateWords, sessionWord } from './history-format';
import { HistoryShell } from './history-shell';
import { useHistory } from './use-history';

const STATUS_BADGE: Record<Bid['status'], string> = {
  won: 'badge badge-success',
  lost: 'badge badge-muted',
  pending: 'badge badge-pending',
};

/** A won bid says what it won (issue 39: 'won' beside the stake read as if the stake was won). */
function statusText(bid: Bid, amount: (points: number) => string): string {
  return bid.status === 'won' ? t('wonAmount', { amount: amount(bid.winAmount) }) : t(bid.status);
}

function BidRow({ bid, serial }: { bid: Bid; serial: number }) {
  const [date, time] = dateTimeParts(bid.createdAt, useMarketTz());
  const mode = useMoneyMode();
  const amount = (points: number) => amountText(points, mode);
  return (
    <tr>
      <td>{serial}</td>
      <td className="history-when">
        <span>{date}</span>
        <span>{time}</span>
      </td>
      <td className="history-name">{bid.game.gameName}</td>
      <td>{sessionWord(bid.session, bid.gameType)}</td>
      <td>
        <span className="history-digit">{bidDigits(bid)}</span>
        {/* The rate the bid keeps: what a win pays (docs/api.md "A bid keeps the rate it was placed at"). */}
        <span className="history-type">
          {gameTypeTitle(bid.gameType)}
          {bid.rate ? <span className="history-rate"> ({rateWords(bid.rate)})</span> : null}
        </span>
        {bid.status ? <span className={STATUS_BADGE[bid.status]}>{statusText(bid, amount)}</span> : null}
      </td>
      <td className="history-amount">{amount(bid.amount)}</td>
    </tr>
  );
}

/** Bid History (docs/product.md): the player's bids of one family on the picked day, ten a page. */
export function BidHistoryPage({ game }: { game: string | null }) {
  const family = familyOf(game);
  return (
    <HistoryShell
      title={t('bidHistory')}
      base="/bid-history"
      family={family}
      history={useHistory('bids', family, fetchBidHistory)}
      loadingLabel={t('loadingBids')}
      emptyTitle={t('noBids')}
      headers={[t('serial'), t('dateTime'), t('market'), t('session'), t('digit'), t('amount')]}
      rowKey={(bid) => bid._id}
      row={(bid, serial) => <BidRow bid={bid} serial={serial} />}
    />
  );
}
