import type { ReactNode } from 'react';
import { formatRupees } from '../domain/format';
import './balance-card.css';

/**
 * The card of a money form (Add Fund, Withdrawal): the player's balance on top, the form under it.
 * @example <BalanceCard label="Current Balance" balance={user.balance}><AddFundForm … /></BalanceCard>
 */
export function BalanceCard({
  label,
  balance,
  children,
}: {
  label: string;
  balance: number;
  children: ReactNode;
}) {
  return (
    <div className="balance-card">
      <p className="balance-line">
        {label} <strong>{formatRupees(balance)}</strong>
      </p>
      {children}
    </div>
  );
}
