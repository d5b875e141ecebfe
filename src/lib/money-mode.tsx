import type { MoneyMode } from '../domain/responsible-play';
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
