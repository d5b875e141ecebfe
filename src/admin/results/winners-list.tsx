import { betName } from '../bet-words';
import { useRead } from '../read';
import type { Winner } from '../types';
import { Status } from '../ui/status';
import { Table } from '../ui/table';
import { dayText, money, sessionName } from '../words';
import type { DayListProps } from './declared-list';

/** The numbers a bet was placed with, as one line ("6", "123 45"). */
function numbers(w: Winner): string {
  return Object.entries(w.subBid)
    .filter(([k, v]) => k !== 'gameType' && k !== 'session' && v !== null && v !== undefined && v !== '')
    .map(([, v]) => String(v))
    .join(' ');
}

/** The winning bids of a market day for a family (GET /admin/{family}/winners). */
export function WinnersList({ family, date, refreshKey }: DayListProps) {
  const list = useRead<Winner[]>(`admin/${family}/winners`, { date, limit: '100' }, refreshKey);
  return (
    <div>
      <h2>Winners on {dayText(date)}</h2>
      <Status loading={list.loading} error={list.error} />
      <Table<Winner>
        label="Winners"
        rows={list.data}
        rowKey={(w) => w._id}
        empty="No winners yet."
        stack
        columns={[
          { title: 'Market', role: 'title', cell: (w) => w.gameId.gameName },
          {
            title: 'Bet',
            cell: (w) => [betName(w.gameType), sessionName(w.subBid.session)].filter(Boolean).join(', '),
          },
          { title: 'Numbers', cell: numbers },
          { title: 'Stake', cell: (w) => money(w.amount) },
          { title: 'Won', cell: (w) => money(w.winAmount) },
        ]}
      />
    </div>
  );
}
