import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { consoleConfig } from './config';
import { GAME_PATHS } from './market';
import { timesText } from './market-card';
import { marketNow } from './market-now';
import { useMe } from './me';
import { useRead } from './read';
import type { BackupSchedule, DashboardStats, MainGame, TodayActivity } from './types';
import { CardList } from './ui/card-list';
import { Status } from './ui/status';
import { Table } from './ui/table';
import { familyName, hoursText, money, sessionName, whenText } from './words';

export function DashboardPage() {
  const stats = useRead<DashboardStats>('dashboard-stats');
  const games = useRead<MainGame[]>(GAME_PATHS.main);
  const activity = useRead<TodayActivity>('admin/dashboard/today');
  const me = useMe();
  const backups = useRead<BackupSchedule>(me?.role === 'owner' ? 'admin/backups/schedule' : null);
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
      <BackupWarning schedule={backups.data} />
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

/** The dashboard's line when backups are behind their schedule (owners only). */
function BackupWarning({ schedule }: { schedule: BackupSchedule | null }) {
  if (!schedule?.overdue) return null;
  const last = schedule.lastBackupAt
    ? `The last backup was written ${whenText(schedule.lastBackupAt)}`
    : 'No backup has been written yet';
  const failed =
    schedule.lastScheduled?.status === 'failed'
      ? ` The last try failed: ${schedule.lastScheduled.error}`
      : '';
  return (
    <p role="alert" className="warning">
      Backups are behind their schedule ({hoursText(schedule.everyHours ?? 0)}). {last}.{failed}{' '}
      <Link to={'/admin/backups' as never}>Open Backups</Link>
    </p>
  );
}
