import { useEffect, useRef, useState } from 'react';
import { FAILED_TO_FETCH_FUND, type FundRequest, fetchFundHistory } from '../../api/funds';
import type { Pagination as PageInfo } from '../../api/types';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatDateShort, formatRupees } from '../../domain/format';
import { showError } from '../../lib/toast';
import { fundBadge } from './fund-status';

/** Fund History: Date, Amount, Status, paged; a failed load toasts 'Failed to fetch fund'. */
export function FundHistory() {
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<FundRequest[] | null>(null);
  const [info, setInfo] = useState<PageInfo | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    fetchFundHistory(page).then(
      (answer) => {
        if (ticket !== latest.current) return;
        setItems(answer.items);
        setInfo(answer.pagination);
        setLoading(false);
      },
      (e: unknown) => {
        if (ticket !== latest.current) return;
        setLoading(false);
        showError(e instanceof Error ? e.message : FAILED_TO_FETCH_FUND);
      },
    );
  }, [page]);

  return (
    <section aria-labelledby="fund-history-title">
      <h2 id="fund-history-title" className="section-title">
        Fund History
      </h2>
      {items === null && loading ? <Spinner label="Loading fund history" /> : null}
      {items !== null && items.length === 0 ? <EmptyState title="No Fund history found" /> : null}
      {items?.length ? (
        <div className="fund-table-wrap">
          <table className="fund-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((f) => {
                const badge = fundBadge(f.status);
                return (
                  <tr key={f._id}>
                    <td>{formatDateShort(new Date(f.createdAt))}</td>
                    <td className="fund-amount">{formatRupees(f.balance)}</td>
                    <td>
                      <span className={`badge ${badge.className}`}>{badge.label}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination page={page} totalPages={info?.totalPages ?? 0} onPage={setPage} />
    </section>
  );
}
