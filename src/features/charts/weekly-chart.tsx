import { tPages as t } from '../../i18n/en/pages';
import type { ChartWeek, WeekCell } from './week-grid';

const WEEKDAY_HEADS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function Cell({ cell }: { cell: WeekCell }) {
  // Classic charts mark a pair jodi (both anks the same) in red.
  const pair = cell.state === 'full' && cell.jodi[0] === cell.jodi[1];
  const classes = ['wc-cell', cell.state, cell.isFuture ? 'future' : '', pair ? 'pair' : ''];
  return (
    <td className={classes.filter(Boolean).join(' ')} data-day={cell.day}>
      <span className="wc-panna">{cell.openPanna}</span>
      <span className="wc-jodi">{cell.jodi}</span>
      <span className="wc-panna">{cell.closePanna}</span>
    </td>
  );
}

/** One main game's weeks: a date range row, then the seven days Monday to Sunday. */
export function WeeklyChart({ gameName, weeks }: { gameName: string; weeks: ChartWeek[] }) {
  return (
    <div className="chart-scroll">
      <table className="week-chart" aria-label={t('weeklyChart', { game: gameName })}>
        <thead>
          <tr>
            {WEEKDAY_HEADS.map((d) => (
              <th key={d} scope="col" className="wc-head">
                {t(d)}
              </th>
            ))}
          </tr>
        </thead>
        {weeks.map((w) => (
          <tbody key={w.start} data-testid="chart-week">
            <tr className="wc-range">
              <th colSpan={7} scope="rowgroup" className="wc-range-label">
                {w.label}
              </th>
            </tr>
            <tr>
              {w.cells.map((c) => (
                <Cell key={c.day} cell={c} />
              ))}
            </tr>
          </tbody>
        ))}
      </table>
    </div>
  );
}
