import { useMemo, useState } from 'react';
import type { Withdrawal } from '../../api/withdrawals';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { methodLabel } from '../../components/payout-method/method-labels';
import { formatRupees } from '../../domain/format';
import { tMoney as t } from '../../i18n/en/money';
import { dateTimeParts } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { PaidLine } from './withdrawal-paid';

/**
 * A withdrawal's badge: approved green, rejected and cancelled muted, anything else pending-style.
 * @example withdrawalBadge('approved') // {label: t('statusApproved'), className: 'badge-success'}
 */
export function withdrawalBadge(status: string): { label: string; className: string } {
  if (status === 'approved') return { label: t('statusApproved'), className: 'badge-success' };
  if (status === 'rejected') return { label: t('statusRejected'), className: 'badge-muted' };
  if (status === 'cancelled') return { label: t('statusCancelled'), className: 'badge-muted' };
  return { label: t('statusPending'), className: 'badge-pending' };
}

/** When each state was reached, in the market zone: requested, then approved/rejected/cancelled. */
function When({ iso, tz }: { iso: string; tz: string }) {
  const [day, time] = dateTimeParts(iso, tz);
  return (
    <time dateTime={iso} className="withdrawal-when">
      {day}
      <br />
      {time}
    </time>
  );
}

function StatusCell(props: { w: Withdrawal; tz: string; onCancel: (w: Withdrawal) => void }) {
  const { w, tz } = props;
  const badge = withdrawalBadge(w.status);
  return (
    <div className="withdrawal-status">
      <span className={`badge ${badge.className}`}>{badge.label}</span>
      {w.status === 'approved' && w.paidAt ? (
        <PaidLine w={w} tz={tz} />
      ) : w.decidedAt ? (
        <When iso={w.decidedAt} tz={tz} />
      ) : null}
      {w.status === 'rejected' && w.reason ? (
        <p className="withdrawal-reason">{t('reasonLine', { reason: w.reason })}</p>
      ) : null}
      {w.status === 'pending' ? (
        <button
          type="button"
          className="link-button withdrawal-cancel"
          aria-label={t('cancelWithdrawalOf', { amount: formatRupees(w.amount) })}
          onClick={() => props.onCancel(w)}
        >
          {t('cancel')}
        </button>
      ) : null}
    </div>
  );
}

/** The columns, with dates read in the market zone `tz` like every other date of the app. */
const columnsIn = (tz: string, onCancel: (w: Withdrawal) => void): Column<Withdrawal>[] => [
  { header: t('date'), cell: (w) => <When iso={w.createdAt} tz={tz} /> },
  { header: t('method'), cell: (w) => methodLabel(w.method) },
  { header: t('amount'), className: 'withdrawal-amount', cell: (w) => formatRupees(w.amount) },
  { header: t('status'), cell: (w) => <StatusCell w={w} tz={tz} onCancel={onCancel} /> },
];

/**
 * Withdrawal History: Date (requested), Method, Amount, Status (with when it was paid and its UTR,
 * or when it was decided and the reason for a rejection, and Cancel on a pending one, asked first).
 */
export function WithdrawalHistory(props: {
  items: Withdrawal[];
  cancelling: boolean;
  onCancel: (w: Withdrawal) => Promise<boolean>;
}) {
  const tz = useMarketTz();
  const [asking, setAsking] = useState<Withdrawal | null>(null);
  const columns = useMemo(() => columnsIn(tz, setAsking), [tz]);
  if (props.items.length === 0) return <EmptyState title={t('noWithdrawals')} />;
  return (
    <>
      <DataTable className="withdrawal-table" rows={props.items} columns={columns} rowKey={(w) => w._id} />
      {asking ? (
        <ConfirmDialog
          title={t('cancelTitle')}
          message={t('cancelMessage', {
            amount: formatRupees(asking.amount),
            method: methodLabel(asking.method),
          })}
          confirmLabel={props.cancelling ? t('cancelling') : t('yesCancel')}
          onConfirm={() => {
            if (props.cancelling) return;
            void props.onCancel(asking).then(() => setAsking(null));
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}
