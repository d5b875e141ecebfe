import { fetchBidHistory, HISTORY_PAGE_SIZE } from '../../api/history';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import type { Bid } from '../../contracts/bids';
import { formatRupees } from '../../domain/format';
import { useMarketTz } from '../../lib/market-tz';
import { FamilyTabs, HistoryDate } from './history-controls';
import { bidDigits, dateTimeLabel, familyOf, gameTypeTitle } from './history-format';
import { useHistory } from './use-history';
import './history.css';

const STATUS_BADGE: Record<Bid['status'], string> = {
  won: 'badge badge-success',
  lost: 'badge badge-muted',
  pending: 'badge badge-pending',
};

function BidRow({ bid, serial }: { bid: Bid; serial: number }) {
  const [date, time] = dateTimeLabel(bid.createdAt, useMarketTz());
  return (
    <tr>
      <td>{serial}</td>
      <td className="history-when">
        <span>{date}</span>
        <span>{time}</span>
      </td>
      <td className="history-name">{bid.game.gameName}</td>
      <td>{bid.session ?? '-'}</td>
      <td>
        <span className="history-digit">{bidDigits(bid)}</span>
        <span className="history-type">{gameTypeTitle(bid.gameType)}</span>
        {bid.status ? <span className={STATUS_BADGE[bid.status]}>{bid.status}</span> : null}
      </td>
      <td className="history-amount">{formatRupees(bid.amount)}</td>
    </tr>
  );
}

/** Bid History (product.md): the player's bids of one family on the picked day, ten a page. */
export function BidHistoryPage({ game }: { game: string | null }) {
  const family = familyOf(game);
  const h = useHistory(family, fetchBidHistory);
  const rows = h.data?.rows ?? [];
  const first = (h.page - 1) * HISTORY_PAGE_SIZE;
  return (
    <Page title="Bid History" className="history-page">
      <FamilyTabs base="/bid-history" current={family} />
      <HistoryDate date={h.date} today={h.today} onDate={h.setDate} />
      {h.loading && !h.data ? <Spinner label="Loading bids" /> : null}
      {h.error ? (
        <p className="form-error" role="alert">
          {h.error}
        </p>
      ) : null}
      {h.data && rows.length === 0 ? <EmptyState title="No bids found for the selected date" /> : null}
      {rows.length > 0 ? (
        <div className="history-scroll" aria-busy={h.loading}>
          <table className="history-table" aria-label="Bid History">
            <thead>
              <tr>
                <th scope="col">S.No.</th>
                <th scope="col">Date &amp; Time</th>
                <th scope="col">Market</th>
                <th scope="col">Session</th>
                <th scope="col">Digit</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((bid, i) => (
                <BidRow key={bid._id} bid={bid} serial={first + i + 1} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination page={h.page} totalPages={h.data?.pagination.totalPages ?? 0} onPage={h.setPage} />
    </Page>
  );
}
