import type { ReactNode } from 'react';

export type Column<T> = {
  /** The column's heading; on a phone a `stack` table shows it beside the cell (data-label). */
  title: string;
  cell: (row: T) => ReactNode;
  /** `title`: the row's heading on a phone; `decide`: the row's actions. */
  role?: 'title' | 'decide';
  /** In a compact stack: `end`, on the right of its line; `whole`, a line of its own. */
  place?: 'end' | 'whole';
  /** On a phone, without its heading (the value says what it is). */
  bare?: boolean;
};

/**
 * A named table of rows. `stack` lays each row out as a card on a phone (admin.css). With no rows
 * `empty` says so (while the rows are not read yet it does not), and the table is hidden unless
 * `headsWhenEmpty` keeps its headings in view.
 */
export function Table<T>(props: {
  label: string;
  columns: Column<T>[];
  rows: T[] | null;
  rowKey: (row: T) => string;
  empty?: ReactNode;
  headsWhenEmpty?: boolean;
  /** Rows as cards on a phone; 'compact': two cells a line, headings inline (long lists). */
  stack?: boolean | 'compact';
}) {
  const { rows, stack } = props;
  return (
    <>
      {rows?.length === 0 && props.empty ? <p className="empty">{props.empty}</p> : null}
      <table
        aria-label={props.label}
        className={stack === 'compact' ? 'stack compact' : stack ? 'stack' : undefined}
        hidden={props.empty !== undefined && !props.headsWhenEmpty && rows?.length === 0}
      >
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.title}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(rows ?? []).map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((c) => (
                <td
                  key={c.title}
                  className={
                    [c.role === 'title' ? 'stack-title' : c.role, c.place].filter(Boolean).join(' ') ||
                    undefined
                  }
                  data-label={stack && !c.role && !c.bare ? c.title : undefined}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
