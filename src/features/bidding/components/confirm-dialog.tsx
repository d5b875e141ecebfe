import { useEffect, useRef } from 'react';
import { BET_TYPES } from '../../../domain/bet-types';
import { bidsTotal } from '../../../domain/bid-validation';
import { tBidding as t } from '../../../i18n/en/bidding';
import { gameTypeName, tGames } from '../../../i18n/en/games';
import { useAmounts } from '../../../lib/money-mode';
import { type BidEntry, entryKey, entrySession } from '../bid-entry';
import type { BidNotice } from '../use-bid-submit';

const sessionName = (s: string | null | undefined) =>
  s === 'Open' ? tGames('open') : s === 'Close' ? tGames('close') : '';

type Props = {
  gameName: string;
  entries: readonly BidEntry[];
  /** What each entry pays if it wins, at the rate it keeps (points); null when no rate is known. */
  wins: readonly (number | null)[];
  submitting: boolean;
  /** Whether the bets pick a market type (main session bets and half sangam; not jodi). */
  showSession: boolean;
  /** The player's balance now, for the balance-after line; null when unknown. */
  balance: number | null;
  /** Opens Add Fund (real money only; absent otherwise). */
  onAddFund?: () => void;
  notice: BidNotice;
  onDelete: (key: string) => void;
  onReset: () => void;
  onSubmit: () => void;
  onClose: () => void;
};

type Column = { head: string; cell: (e: BidEntry) => string };

/**
 * The number column's heading says what the number is: a panna, a jodi, the Left or Right digit
 * (issue 39: pannas were headed 'Digit', and a Left Digit bid read '4' alone).
 */
function numberHead(entry: BidEntry & { kind: 'number' }): string {
  const { gameType } = entry;
  if (gameType === 'left-digit' || gameType === 'right-digit') return gameTypeName(gameType);
  const atom = BET_TYPES[gameType].atom;
  return atom === 'panna' ? t('panna') : atom === 'jodi' ? t('jodi') : t('digit');
}

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
  const head = first?.kind === 'number' ? numberHead(first) : t('digit');
  return [{ head, cell: (e) => (e.kind === 'number' ? e.number : '') }];
}

/** Balance after the bids, and what to do when it is short or the submission did not go through. */
function BalanceAndNotice(props: {
  total: number;
  balance: number | null;
  onAddFund?: () => void;
  notice: BidNotice;
  amount: (points: number) => string;
}) {
  const { total, balance, onAddFund, notice, amount } = props;
  const after = balance === null ? null : balance - total;
  const short = notice?.kind === 'short' || (after !== null && after < 0);
  return (
    <>
      {after !== null ? (
        <p className={`bid-dialog-after${after < 0 ? ' short' : ''}`}>
          <span>{t('balanceAfter')}</span> <strong data-testid="balance-after">{amount(after)}</strong>
        </p>
      ) : null}
      {notice && notice.kind !== 'short' ? (
        <p className="bid-dialog-notice" role="alert">
          {notice.message}
        </p>
      ) : null}
      {short ? (
        <p className="bid-dialog-notice short" role="alert">
          <span>{notice?.kind === 'short' ? notice.message : t('notEnough')}</span>
          {onAddFund ? (
            <a
              href="/payment"
              className="bid-btn-primary bid-add-fund"
              onClick={(e) => {
                e.preventDefault();
                onAddFund();
              }}
            >
              {t('addFund')}
            </a>
          ) : null}
        </p>
      ) : null}
    </>
  );
}

/** 'Confirm Your Bids for {game}' (docs/product.md "Bid forms"): review, delete rows, reset or submit. */
export function ConfirmDialog({
  gameName,
  entries,
  wins,
  submitting,
  showSession,
  balance,
  onAddFund,
  notice,
  onDelete,
  onReset,
  onSubmit,
  onClose,
}: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const columns = numberColumns(entries);
  const withSession = showSession && entries.some((e) => entrySession(e) !== null);
  const total = bidsTotal(entries);
  // One unit (issue 49): 'Points' in points mode, 'Amount' with a ₹ total in money mode.
  const amounts = useAmounts();
  const points = amounts.mode === 'points';
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
        <div className="bid-dialog-head">
          <h2 id="bid-dialog-title">{t('confirmTitle', { game: gameName })}</h2>
          {/* docs/product.md's Close, drawn as the dialog's cross: a 'Close' button beside the Close
              session read as one thing (issue 39). Its name stays Close. */}
          <button
            type="button"
            ref={closeRef}
            className="bid-dialog-x"
            aria-label={t('close')}
            title={t('close')}
            disabled={submitting}
            onClick={onClose}
          >
            ✕
          </button>
        </div>
        <div className="bid-dialog-table-wrap">
          <table className="bid-dialog-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.head}>{c.head}</th>
                ))}
                <th>{t(points ? 'points' : 'amount')}</th>
                <th>{t('wins')}</th>
                {withSession ? <th>{t('marketType')}</th> : null}
                <th>{t('delete')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e, i) => {
                const key = entryKey(e);
                const win = wins[i] ?? null;
                return (
                  <tr key={key}>
                    {columns.map((c) => (
                      <td key={c.head}>{c.cell(e)}</td>
                    ))}
                    <td>{e.amount}</td>
                    <td data-testid="dialog-win">{win === null ? '-' : win}</td>
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
            <dt>{t(points ? 'totalPointsLabel' : 'totalAmountLabel')}</dt>
            <dd data-testid="dialog-total-points">{amounts.value(total)}</dd>
          </div>
        </dl>
        <p className="bid-dialog-wins-note">{t('winsNote')}</p>
        <BalanceAndNotice
          total={total}
          balance={balance}
          onAddFund={onAddFund}
          notice={notice}
          amount={amounts.text}
        />
        <div className="bid-dialog-actions">
          <button type="button" className="bid-btn-secondary" disabled={submitting} onClick={onReset}>
            {t('reset')}
          </button>
          <button type="button" className="bid-btn-primary" disabled={submitting} onClick={onSubmit}>
            {t('submit')}
          </button>
        </div>
      </div>
    </div>
  );
}
