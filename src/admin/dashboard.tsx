import type { ReactNode } from 'react';
import { consoleConfig } from './config';
import { GAME_PATHS } from './market';
import { timesText } from './market-card';
import { marketNow } from './market-now';
import { useRead } from './read';
import type { DashboardStats, MainGame, TodayActivity } from './types';
import { CardList } from './ui/card-list';
import { Status } from './ui/status';
import { Table } from './ui/table';
import { familyName, money, sessionName } from './words';

export function DashboardPage() {
  const stats = useRead<DashboardStats>('dashboard-stats');
  const games = useRead<MainGame[]>(GAME_PATHS.main);
  const activity = useRead<TodayActivity>('admin/dashboard/today');
  const tz = consoleConfig().marketTz;
  const now = new Date();
  const s = stats.data;
  const cards: Array<[string, ReactNode]> = s
    ? [
        ['Bids today', `${s.bidsToday.count} (${money(s.bidsToday.amount)})`],
        ['Winnings paid today', money(s.winningsToday)],
        ['Profit / loss today', money(s.bidsToday.amount - s.winningsToday)],
        ['Pending fund requests', s.pendingFundRequests],
        ['Pending withdrawals', s.pendingWithdrawals],
        ['Players online (5 min)', activity.data?.playersOnline ?? '-'],
        ['Players', s.users.total],
        ['Player balances', money(s.totalBalance)],
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
      <Table<TodayActivity['markets'][number]>
        label="Bids by market"
        rows={activity.data?.markets ?? null}
        rowKey={(m) => `${m.gameId}:${m.session}`}
        empty="No bids yet today."
        headsWhenEmpty
        stack
        columns={[
          { title: 'Market', role: 'title', cell: (m) => m.gameName },
          { title: 'Family', cell: (m) => familyName(m.family) },
          {
            title: 'Session',
            cell: (m) => sessionName(m.session) || (m.family === 'main' ? 'Whole day' : '-'),
          },
          { title: 'Bids', cell: (m) => m.bids },
          { title: 'Stakes', cell: (m) => money(m.stakes) },
        ]}
      />
      <h2>Main markets now</h2>
      <Status loading={games.loading} error={games.error} />
      <CardList
        label="Main markets now"
        items={games.data}
        itemKey={(g) => g._id}
        empty="No main markets yet: create one under Markets."
      >
        {(g) => {
          const state = marketNow(g, now, tz);
          return (
            <li className="item">
              <p>
                <strong>{g.gameName}</strong> <span className="meta">{timesText(g)}</span>
              </p>
              <p>
                <span className={`tag ${state.tone}`}>{state.text}</span>
              </p>
            </li>
          );
        }}
      </CardList>
    </section>
  );
}
