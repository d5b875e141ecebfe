import type { ReactNode } from 'react';
import './data-table.css';

/** One column: its header, what a row shows in it, and the cell's class (fixed or from the row). */
export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string | ((row: T) => string);
};

/**
 * A card-style table of server rows that scrolls sideways on a phone. `className` names the screen's
 * table (e.g. 'wallet-table') so its CSS can set the density variables of data-table.css.
 * @example <DataTable className="fund-table" rows={funds} rowKey={(f) => f._id} columns={[{ header: 'Date', cell: (f) => f.createdAt }]} />
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  className,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  className: string;
}) {
  return (
    <div className={`data-table-wrap ${className}`}>
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={typeof c.className === 'function' ? c.className(row) : c.className}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
