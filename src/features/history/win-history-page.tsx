import { fetchWinHistory } from '../../api/history';
import type { Winner } from '../../contracts/bids';
import { tPages as t } from '../../i18n/en/pages';
import { useMarketTz } from '../../lib/market-tz';
import { amountText, useMoneyMode } from '../../lib/money-mode';
import { bidDigits, familyOf, gameTypeTitle, marketDayLabel, sessionWord } from './history-format';
import { HistoryShell } from './history-shell';
import { useHistory } from './use-history';

function WinRow({ win, serial, withSession }: { win: Winner; serial: number; withSession: boolean }) {
  const tz = useMarketTz();
  const mode = useMoneyMode();
  return (
    <tr>
      <td>{serial}</td>
      <td className="history-when">{marketDayLabel(win.resultDate, tz)}</td>
      <td className="history-name">
        <span className="history-market">{win.gameId.gameName}</span>
        <span className="history-type">{gameTypeTitle(win.subBid.gameType || win.gameType)}</span>
      </td>
      {withSession ? <td>{sessionWord(win.subBid.session, win.subBid.gameType)}</td> : null}
      <td className="history-digit">{bidDigits(win.subBid)}</td>
      <td className="history-amount history-won">{amountText(win.winAmount, mode)}</td>
    </tr>
  );
}

/** Winner History (docs/product.md): the player's winning bids of one family on the picked day. */
export function WinHistoryPage({ game }: { game: string | null }) {
  const family = familyOf(game);
  // Starline and galidisawar draws have no sessions (docs/product.md: "Session (main only)").
  const withSession = family === 'main';
  const session = withSession ? [t('session')] : [];
  return (
    <HistoryShell
      title={t('winHistory')}
      base="/win-history"
      family={family}
      history={useHistory('wins', family, fetchWinHistory)}
      loadingLabel={t('loadingWinners')}
      emptyTitle={t('noWinners')}
      headers={[
        t('serial'),
        t('resultDate'),
        t('marketDetails'),
        ...session,
        t('winningDigit'),
        t('winnings'),
      ]}
      rowKey={(win) => win._id}
      row={(win, serial) => <WinRow win={win} serial={serial} withSession={withSession} />}
    />
  );
}
