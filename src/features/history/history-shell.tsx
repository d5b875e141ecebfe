import { Fragment, type ReactNode } from 'react';
import { PAGE_SIZE } from '../../api/paged';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import type { Family } from '../../contracts/common';
import { FamilyTabs, HistoryDate } from './history-controls';
import type { History } from './use-history';
import './history.css';

type Props<T> = {
  /** The screen's title, also the table's accessible name. */
  title: string;
  base: '/bid-history' | '/win-history';
  family: Family;
  history: History<T>;
  loadingLabel: string;
  emptyTitle: string;
  headers: string[];
  rowKey: (row: T) => string;
  /** One table row; `serial` counts on across pages (S.No.). */
  row: (row: T, serial: number) => ReactNode;
};

/**
 * What both histories share: the family tabs, the date picker, the first-load spinner, the error,
 * the empty state, the table that scrolls and the pages. Each history gives its columns and row.
 */
export function HistoryShell<T>(p: Props<T>) {
  const h = p.history;
  const rows = h.data?.items ?? [];
  const first = (h.page - 1) * PAGE_SIZE;
  return (
    <Page title={p.title} className="history-page">
      <FamilyTabs base={p.base} current={p.family} />
      <HistoryDate date={h.date} today={h.today} onDate={h.setDate} />
      {h.loading && !h.data ? <Spinner label={p.loadingLabel} /> : null}
      {h.error ? (
        <p className="form-error" role="alert">
          {h.error}
        </p>
      ) : null}
      {h.data && rows.length === 0 ? <EmptyState title={p.emptyTitle} /> : null}
      {rows.length > 0 ? (
        <div className="history-scroll" aria-busy={h.loading}>
          <table className="history-table" aria-label={p.title}>
            <thead>
              <tr>
                {p.headers.map((header) => (
                  <th scope="col" key={header}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <Fragment key={p.rowKey(row)}>{p.row(row, first + i + 1)}</Fragment>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination page={h.page} totalPages={h.data?.pagination.totalPages ?? 0} onPage={h.setPage} />
    </Page>
  );
}
