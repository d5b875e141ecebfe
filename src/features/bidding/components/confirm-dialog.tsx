import { useEffect, useRef } from 'react';
import { bidsTotal } from '../../../domain/bid-validation';
import { tBidding as t } from '../../../i18n/en/bidding';
import { tGames } from '../../../i18n/en/games';
import { type BidEntry, entryKey, entrySession } from '../bid-entry';

const sessionName = (s: string | null | undefined) =>
  s === 'Open' ? tGames('open') : s === 'Close' ? tGames('close') : '';

type Props = {
  gameName: string;
  entries: readonly BidEntry[];
  submitting: boolean;
  onDelete: (key: string) => void;
  onReset: () => void;
  onSubmit: () => void;
  onClose: () => void;
};

type Column = { head: string; cell: (e: BidEntry) => string };

function numberColumns(entries: readonly BidEntry[]): Column[] {
  const first = entries[0];
  if (first?.kind === 'full-sangam') {
    return [
      { head: t('openPanna'), cell: (e) => (e.kind === 'full-sangam' ? e.openPanna : '') },
      { head: t('closePanna'), cell: (e) => (e.kind === 'full-sangam' ? e.closePanna : '') },
    ];
  }
  if (first?.kind === 'half-sangam') {
    return [
      { head: t('digit'), cell: (e) => (e.kind === 'half-sangam' ? e.digit : '') },
      { head: t('panna'), cell: (e) => (e.kind === 'half-sangam' ? e.panna : '') },
    ];
  }
  return [{ head: t('digit'), cell: (e) => (e.kind === 'number' ? e.number : '') }];
}

/** 'Confirm Your Bids for {game}' (product.md "Bid forms"): review, delete rows, reset or submit. */
export function ConfirmDialog({
  gameName,
  entries,
  submitting,
  onDelete,
  onReset,
  onSubmit,
  onClose,
}: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const columns = numberColumns(entries);
  const withSession = entries.some((e) => entrySession(e) !== null);
  return (
    <div className="bid-dialog-backdrop">
      <div
        className="bid-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="bid-dialog-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !submitting) onClose();
        }}
      >
        <h2 id="bid-dialog-title">{t('confirmTitle', { game: gameName })}</h2>
        <div className="bid-dialog-table-wrap">
          <table className="bid-dialog-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.head}>{c.head}</th>
                ))}
                <th>{t('points')}</th>
                {withSession ? <th>{t('marketType')}</th> : null}
                <th>{t('delete')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const key = entryKey(e);
                return (
                  <tr key={key}>
                    {columns.map((c) => (
                      <td key={c.head}>{c.cell(e)}</td>
                    ))}
                    <td>{e.amount}</td>
                    {withSession ? <td>{sessionName(entrySession(e))}</td> : null}
                    <td>
                      <button
                        type="button"
                        className="bid-delete"
                        aria-label={t('deleteRow', { row: columns.map((c) => c.cell(e)).join(' ') })}
                        disabled={submitting}
                        onClick={() => onDelete(key)}
                      >
                        ✕
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <dl className="bid-dialog-totals">
          <div>
            <dt>{t('totalBids')}</dt>
            <dd data-testid="total-bids">{entries.length}</dd>
          </div>
          <div>
            <dt>{t('totalPointsLabel')}</dt>
            <dd data-testid="dialog-total-points">{bidsTotal(entries)}</dd>
          </div>
        </dl>
        <div className="bid-dialog-actions">
          <button type="button" className="bid-btn-secondary" disabled={submitting} onClick={onReset}>
            {t('reset')}
          </button>
          <button type="button" className="bid-btn-primary" disabled={submitting} onClick={onSubmit}>
            {t('submit')}
          </button>
          <button
            type="button"
            ref={closeRef}
            className="bid-btn-secondary"
            disabled={submitting}
            onClick={onClose}
          >
            {t('close')}
          </button>
        </div>
      </div>
    </div>
  );
}
