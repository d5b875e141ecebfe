import type { ReactNode } from 'react';
import { GAME_PATHS, type Game, Status, useRead } from './shared';

export function DashboardPage() {
  const stats = useRead<{
    users: { total: number };
    bidsToday: { count: number; amount: number };
    winningsToday: number;
    pendingFundRequests: number;
    pendingWithdrawals: number;
    totalBalance: number;
  }>('dashboard-stats');
  const games = useRead<Array<Game & { currentMarketStatus?: boolean; todayResult?: unknown }>>(
    GAME_PATHS.main,
  );
  const activity = useRead<{
    playersOnline: number;
    markets: Array<{
      gameId: string;
      gameName: string;
      family: string;
      session: string | null;
      bids: number;
      stakes: number;
    }>;
  }>('admin/dashboard/today');
  const s = stats.data;
  const cards: Array<[string, ReactNode]> = s
    ? [
        ['Bids today', `${s.bidsToday.count} (${s.bidsToday.amount} points)`],
        ['Winnings paid today', `${s.winningsToday} points`],
        ['Profit / loss today', `${s.bidsToday.amount - s.winningsToday} points`],
        ['Pending fund requests', s.pendingFundRequests],
        ['Pending withdrawals', s.pendingWithdrawals],
        ['Players online (5 min)', activity.data?.playersOnline ?? '-'],
        ['Players', s.users.total],
        ['Player balances', `${s.totalBalance} points`],
      ]
    : [];
  return (
    <section>
      <h1>Dashboard</h1>
      <Status loading={stats.loading} error={stats.error} />
      <div className="cards">
        {cards.map(([label, value]) => (
          <div className="card stat" key={label}>
            <span>{label}</span>
            <strong>{value}</strong>
          </div>
        ))}
      </div>
      <h2>Bids today by market and session</h2>
      <Status loading={activity.loading} error={activity.error} />
      <table aria-label="Bids by market">
        <thead>
          <tr>
            <th>Market</th>
            <th>Family</th>
            <th>Session</th>
            <th>Bids</th>
            <th>Stakes</th>
          </tr>
        </thead>
        <tbody>
          {(activity.data?.markets ?? []).map((m) => (
            <tr key={`${m.gameId}:${m.session}`}>
              <td>{m.gameName}</td>
              <td>{m.family}</td>
              <td>{m.session ?? '-'}</td>
              <td>{m.bids}</td>
              <td>{m.stakes}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Today's main markets</h2>
      <Status loading={games.loading} error={games.error} />
      <table>
        <thead>
          <tr>
            <th>Market</th>
            <th>Open</th>
            <th>Close</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          {(games.data ?? []).map((g) => (
            <tr key={g._id}>
              <td>{g.gameName}</td>
              <td>{g.openTime}</td>
              <td>{g.closeTime}</td>
              <td>{g.currentMarketStatus ? 'Open' : 'Closed'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
