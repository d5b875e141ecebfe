import type { ReactNode } from 'react';
import { tPages as t } from '../../i18n/en/pages';
import type { DateRow } from './date-grid';
import { dayLabel } from './day-label';

export type ChartColumn = { _id: string; gameName: string; openTime?: string | null };

/**
 * The starline and galidisawar chart table: one column per game, one row per market day, today
 * first with a 'Today' badge. The date column stays put while the games scroll sideways on a phone.
 */
export function DateChart<R>(props: {
  title: string;
  columns: ChartColumn[];
  rows: DateRow<R>[];
  renderCell: (result: R | null) => ReactNode;
  /** A column's heading; the game's name by default. */
  columnLabel?: (column: ChartColumn) => string;
}) {
  const { title, columns, rows, renderCell } = props;
  const label = props.columnLabel ?? ((c: ChartColumn) => c.gameName);
  return (
    <div className="chart-scroll">
      <table className="date-chart" aria-label={title}>
        <thead>
          <tr>
            <th scope="col" className="dc-head dc-date">
              {t('date')}
            </th>
            {columns.map((c) => (
              <th key={c._id} scope="col" className="dc-head" title={c.gameName}>
                {label(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day} className={row.isToday ? 'dc-today' : undefined}>
              <th scope="row" className="dc-date">
                <span>{dayLabel(row.day)}</span>
                {row.isToday ? <span className="badge badge-today">{t('today')}</span> : null}
              </th>
              {row.cells.map((cell, i) => (
                <td key={columns[i]?._id ?? i}>{renderCell(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
