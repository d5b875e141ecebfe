import { formatRupees, type MoneyMode } from '../domain/money';
import { tLayout } from '../i18n/en/layout';
import { useAppStore } from '../store/store';
import { moneyModeOf } from './money-mode-of';

/**
 * The server's MONEY_MODE as GET /config last answered it: `points` hides Add Fund and Withdrawal
 * everywhere and says the points have no cash value; `real` until the server says otherwise.
 */
export { moneyModeOf };

export function useMoneyMode(): MoneyMode {
  return useAppStore(moneyModeOf);
}

/** The points-mode line the wallet, profile and footer show. */
export function PointsNotice({ className }: { className?: string }) {
  const mode = useMoneyMode();
  if (mode !== 'points') return null;
  return (
    <p className={`points-notice ${className ?? ''}`} role="note">
      {tLayout('pointsNoCash')}
    </p>
  );
}

// One unit for the same money on every screen (issue 49: the header said '₹350.26', the wallet
// '350.26 पॉइंट', the bid screen 'कुल पॉइंट', the confirmation '₹'): rupees in money mode, points
// in points mode (GET /config moneyMode).

/**
 * An amount with its unit, in the player's language: '₹1,500.50' in money mode, '1,500.50 points'
 * ('1,500.50 पॉइंट') in points mode.
 * @example amountText(1500.5, 'real') // '₹1,500.50'
 */
export function amountText(points: number, mode: MoneyMode): string {
  const rupees = formatRupees(points);
  return mode === 'points' ? tLayout('amountPoints', { n: rupees.replace('₹', '') }) : rupees;
}

/**
 * An amount under a heading that names the unit ('Total Points', a 'Points' column): '₹50' in
 * money mode, '50' in points mode.
 */
export function amountValue(points: number, mode: MoneyMode): string {
  const rupees = formatRupees(points);
  return mode === 'points' ? rupees.replace('₹', '') : rupees;
}

/** The money mode and the two formats bound to it, for a screen. */
export function useAmounts() {
  const mode = useMoneyMode();
  return {
    mode,
    text: (points: number) => amountText(points, mode),
    value: (points: number) => amountValue(points, mode),
  };
}
