import { Link } from '@tanstack/react-router';
import type { Family } from '../../contracts/common';
import { tGames } from '../../i18n/en/games';
import { tPages as t } from '../../i18n/en/pages';
import { FAMILIES } from './history-format';

/** Main, Starline and Gali sub-views; each is its own URL so the menu and back button agree. */
export function FamilyTabs({ base, current }: { base: '/bid-history' | '/win-history'; current: Family }) {
  return (
    <nav className="history-tabs" aria-label={t('marketType')}>
      {FAMILIES.map((f) => (
        <Link
          key={f}
          to={base === '/bid-history' ? '/bid-history/{-$game}' : '/win-history/{-$game}'}
          params={{ game: f }}
          className={f === current ? 'history-tab active' : 'history-tab'}
          aria-current={f === current ? 'page' : undefined}
        >
          {f === 'galidisawar' ? t('gali') : tGames(f)}
        </Link>
      ))}
    </nav>
  );
}

/** The date picker of both histories: today at most. */
export function HistoryDate(props: { date: string; today: string; onDate: (value: string) => void }) {
  return (
    <div className="field history-date">
      <label htmlFor="history-date">{t('selectDate')}</label>
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
