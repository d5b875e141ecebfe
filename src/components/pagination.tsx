import { tLists as t } from '../i18n/en/lists';
import './pagination.css';
/**
 * Page buttons for a paged list (docs/product.md section 9): shown only when there is more than one
 * page, at most 5 numbered buttons centred on the current page, plus previous and next.
 *
 * @example pageWindow(7, 10) // [5, 6, 7, 8, 9]
 */
export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pages')}>
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('previousPage')}
      >
        ‹
      </button>
      {pageWindow(page, totalPages).map((p) => (
        <button
          type="button"
          key={p}
          className={p === page ? 'active' : undefined}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onPage(p)}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('nextPage')}
      >
        ›
      </button>
    </nav>
  );
}
