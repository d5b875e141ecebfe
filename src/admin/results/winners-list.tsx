import { useRead } from '../read';
import type { Winner } from '../types';
import { Status } from '../ui/status';
import { Table } from '../ui/table';
import type { DayListProps } from './declared-list';

/** The numbers a bet was placed with, as one line ("6", "123 45"). */
function numbers(w: Winner): string {
  return Object.entries(w.subBid)
    .filter(([k, v]) => k !== 'gameType' && v !== null && v !== undefined && v !== '')
    .map(([, v]) => String(v))
    .join(' ');
}

/** The winning bids of a market day for a family (GET /admin/{family}/winners). */
export function WinnersList({ family, date, refreshKey }: DayListProps) {
  const list = useRead<Winner[]>(`admin/${family}/winners`, { date, limit: '100' }, refreshKey);
  return (
    <div>
      <h2>Winners on {date}</h2>
      <Status loading={list.loading} error={list.error} />
      <Table<Winner>
        label="Winners"
        rows={list.data}
        rowKey={(w) => w._id}
        empty="No winners yet."
        columns={[
          { title: 'Market', cell: (w) => w.gameId.gameName },
          { title: 'Bet', cell: (w) => w.gameType },
          { title: 'Numbers', cell: numbers },
          { title: 'Stake', cell: (w) => w.amount },
          { title: 'Won', cell: (w) => w.winAmount },
        ]}
      />
    </div>
  );
}
