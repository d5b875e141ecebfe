import { fetchWinHistory, HISTORY_PAGE_SIZE } from '../../api/history';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import type { Winner } from '../../contracts/bids';
import { formatRupees } from '../../domain/format';
import { useMarketTz } from '../../lib/market-tz';
import { FamilyTabs, HistoryDate } from './history-controls';
import { bidDigits, familyOf, gameTypeTitle, marketDayLabel } from './history-format';
import { useHistory } from './use-history';
import './history.css';

function WinRow({ win, serial, withSession }: { win: Winner; serial: number; withSession: boolean }) {
  const tz = useMarketTz();
  return (
    <tr>
      <td>{serial}</td>
      <td className="history-when">{marketDayLabel(win.resultDate, tz)}</td>
      <td className="history-name">
        <span className="history-market">{win.gameId.gameName}</span>
        <span className="history-type">{gameTypeTitle(win.subBid.gameType || win.gameType)}</span>
      </td>
      {withSession ? <td>{win.subBid.session ?? '-'}</td> : null}
      <td className="history-digit">{bidDigits(win.subBid)}</td>
      <td className="history-amount history-won">{formatRupees(win.winAmount)}</td>
    </tr>
  );
}

/** Winner History (product.md): the player's winning bids of one family on the picked day. */
export function WinHistoryPage({ game }: { game: string | null }) {
  const family = familyOf(game);
  const h = useHistory(family, fetchWinHistory);
  const rows = h.data?.rows ?? [];
  const first = (h.page - 1) * HISTORY_PAGE_SIZE;
  // Starline and galidisawar draws have no sessions (product.md: "Session (main only)").
  const withSession = family === 'main';
  return (
    <Page title="Win History" className="history-page">
      <FamilyTabs base="/win-history" current={family} />
      <HistoryDate date={h.date} today={h.today} onDate={h.setDate} />
      {h.loading && !h.data ? <Spinner label="Loading winners" /> : null}
      {h.error ? (
        <p className="form-error" role="alert">
          {h.error}
        </p>
      ) : null}
      {h.data && rows.length === 0 ? <EmptyState title="No winners found for the selected date" /> : null}
      {rows.length > 0 ? (
        <div className="history-scroll" aria-busy={h.loading}>
          <table className="history-table" aria-label="Win History">
            <thead>
              <tr>
                <th scope="col">S.No.</th>
                <th scope="col">Result Date</th>
                <th scope="col">Market Details</th>
                {withSession ? <th scope="col">Session</th> : null}
                <th scope="col">Winning Digit</th>
                <th scope="col">Winnings</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((win, i) => (
                <WinRow key={win._id} win={win} serial={first + i + 1} withSession={withSession} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination page={h.page} totalPages={h.data?.pagination.totalPages ?? 0} onPage={h.setPage} />
    </Page>
  );
}
