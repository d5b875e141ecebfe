import { Link } from '@tanstack/react-router';
import type { Family } from '../../contracts/common';
import { FAMILIES } from './history-format';

const TAB_LABELS: Record<Family, string> = { main: 'Main', starline: 'Starline', galidisawar: 'Gali' };

/** Main, Starline and Gali sub-views; each is its own URL so the menu and back button agree. */
export function FamilyTabs({ base, current }: { base: '/bid-history' | '/win-history'; current: Family }) {
  return (
    <nav className="history-tabs" aria-label="Market type">
      {FAMILIES.map((f) => (
        <Link
          key={f}
          to={base === '/bid-history' ? '/bid-history/{-$game}' : '/win-history/{-$game}'}
          params={{ game: f }}
          className={f === current ? 'history-tab active' : 'history-tab'}
          aria-current={f === current ? 'page' : undefined}
        >
          {TAB_LABELS[f]}
        </Link>
      ))}
    </nav>
  );
}

/** The date picker of both histories: today at most. */
export function HistoryDate(props: { date: string; today: string; onDate: (value: string) => void }) {
  return (
    <div className="field history-date">
      <label htmlFor="history-date">Select Date</label>
      <input
        id="history-date"
        type="date"
        value={props.date}
        max={props.today}
        onChange={(e) => props.onDate(e.target.value)}
      />
    </div>
  );
}
