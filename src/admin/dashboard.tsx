import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { consoleConfig } from './config';
import { GAME_PATHS } from './market';
import { marketNow, timesText } from './market-now';
import { useMe } from './me';
import { useRead } from './read';
import type { BackupSchedule, DashboardStats, MainGame, TodayActivity, Waiting } from './types';
import { CardList } from './ui/card-list';
import { Status } from './ui/status';
import { Table } from './ui/table';
import { countText, familyName, hoursText, money, plural, sessionName, whenText } from './words';

/** Each kind of four-eyes wait: its noun (one, many) and the screen where it is approved. */
const WAITS: Array<[keyof Waiting, string, string, string]> = [
  ['operatorChanges', 'operator change', 'operator changes', '/admin/operators'],
  ['walletAdjustments', 'wallet adjustment', 'wallet adjustments', '/admin/money'],
  ['withdrawals', 'large withdrawal approved once', 'large withdrawals approved once', '/admin/money'],
  ['payoutRows', 'withdrawal the bank paid', 'withdrawals the bank paid', '/admin/money'],
  [
    'paymentMatches',
    'bank message matched to a deposit',
    'bank messages matched to a deposit',
    '/admin/payments-inbox',
  ],
];

/** What waits for this operator's approval (not their own requests), each a link to where it is approved. */
function WaitingForYou({ w }: { w: Waiting | null }) {
  if (!w) return null;
  const lines = WAITS.filter(([key]) => w[key] > 0);
  return (
    <section className="card waiting" aria-label="Waiting for you">
      <h2 className="waiting-title">Waiting for you</h2>
      {lines.length === 0 ? <p className="muted">Nothing waits for your approval.</p> : null}
      {lines.map(([key, one, other, to]) => (
        <Link key={key} className="waiting-link" to={to as never}>
          {countText(w[key], one, other)} {plural(w[key], 'waits', 'wait')} for your approval
        </Link>
      ))}
    </section>
  );
}

/** The house's result: green when it won, red when it lost. */
const net = (n: number) => <span className={n < 0 ? 'error' : n > 0 ? 'profit' : undefined}>{money(n)}</span>;

export function DashboardPage() {
  const stats = useRead<DashboardStats>('dashboard-stats');
  const waiting = useRead<Waiting>('admin/waiting');
  const games = useRead<MainGame[]>(GAME_PATHS.main);
  const activity = useRead<TodayActivity>('admin/dashboard/today');
  const me = useMe();
  const backups = useRead<BackupSchedule>(me?.role === 'owner' ? 'admin/backups/schedule' : null);
  const tz = consoleConfig().marketTz;
  const now = new Date();
  const s = stats.data;
  // A stake still waiting for its result is neither won nor lost (issue 49): apart from the result.
  const cards: Array<[string, ReactNode, string?]> = s
    ? [
        ['Bids today', `${s.bidsToday.count} (${money(s.bidsToday.amount)})`],
        [
          'House result today',
          net(s.settledToday.net),
          `bids with a result: ${money(s.settledToday.stake)} staked, ${money(s.settledToday.payout)} paid`,
        ],
        ['Stake waiting for a result', money(s.pendingToday.stake), countText(s.pendingToday.count, 'bid')],
        ['Winnings paid today', money(s.winningsToday)],
        ['Pending fund requests', s.pendingFundRequests],
        ['Pending withdrawals', s.pendingWithdrawals],
        ['Players online (5 min)', activity.data?.playersOnline ?? '-'],
        ['Verified players', s.users.verified, `${s.users.unverified} never verified`],
        ['Player balances', money(s.totalBalance)],
      ]
    : [];
  return (
    <section>
      <h1>Dashboard</h1>
      <BackupWarning schedule={backups.data} />
      <WaitingForYou w={waiting.data} />
      <Status loading={stats.loading} error={stats.error} />
      <div className="cards">
        {cards.map(([label, value, note]) => (
          <div className="card stat" key={label}>
            <span>{label}</span>
            <strong>{value}</strong>
            {note ? <small>{note}</small> : null}
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
