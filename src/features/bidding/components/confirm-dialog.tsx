import { useEffect, useRef } from 'react';
import { bidsTotal } from '../../../domain/bid-validation';
import { type BidEntry, entryKey, entrySession } from '../bid-entry';

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
      { head: 'Open Panna', cell: (e) => (e.kind === 'full-sangam' ? e.openPanna : '') },
      { head: 'Close Panna', cell: (e) => (e.kind === 'full-sangam' ? e.closePanna : '') },
    ];
  }
  if (first?.kind === 'half-sangam') {
    return [
      { head: 'Digit', cell: (e) => (e.kind === 'half-sangam' ? e.digit : '') },
      { head: 'Panna', cell: (e) => (e.kind === 'half-sangam' ? e.panna : '') },
    ];
  }
  return [{ head: 'Digit', cell: (e) => (e.kind === 'number' ? e.number : '') }];
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
        <h2 id="bid-dialog-title">Confirm Your Bids for {gameName}</h2>
        <div className="bid-dialog-table-wrap">
          <table className="bid-dialog-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.head}>{c.head}</th>
                ))}
                <th>Points</th>
                {withSession ? <th>Market Type</th> : null}
                <th>Delete</th>
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
                    {withSession ? <td>{entrySession(e) ?? ''}</td> : null}
                    <td>
                      <button
                        type="button"
                        className="bid-delete"
                        aria-label={`Delete ${columns.map((c) => c.cell(e)).join(' ')}`}
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
            <dt>Total Bids</dt>
            <dd data-testid="total-bids">{entries.length}</dd>
          </div>
          <div>
            <dt>Total Points</dt>
            <dd data-testid="dialog-total-points">{bidsTotal(entries)}</dd>
          </div>
        </dl>
        <div className="bid-dialog-actions">
          <button type="button" className="bid-btn-secondary" disabled={submitting} onClick={onReset}>
            Reset
          </button>
          <button type="button" className="bid-btn-primary" disabled={submitting} onClick={onSubmit}>
            Submit
          </button>
          <button
            type="button"
            ref={closeRef}
            className="bid-btn-secondary"
            disabled={submitting}
            onClick={onClose}
          >
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
