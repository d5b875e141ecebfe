import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { BackIcon, MenuIcon, WalletIcon } from '../../components/icons';
import { tLayout as t } from '../../i18n/en/layout';
import { amountText } from '../../lib/money-mode';
import { moneyModeOf } from '../../lib/money-mode-of';
import { useAppStore } from '../../store/store';

/**
 * Menu icon on /home, a back arrow elsewhere; the balance (with globel_batting, in the money mode's
 * unit) opens /wallet.
 */
export function Header({ onMenu }: { onMenu: () => void }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const router = useRouter();
  const user = useAppStore((s) => s.user);
  const mode = useAppStore(moneyModeOf);
  const onHome = pathname === '/home';
  const back = () => {
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: '/home' });
  };
  return (
    <header className="app-header">
      {onHome ? (
        <button type="button" className="icon-button" aria-label={t('openMenu')} onClick={onMenu}>
          <MenuIcon />
        </button>
      ) : (
        <button type="button" className="icon-button" aria-label={t('goBack')} onClick={back}>
          <BackIcon />
        </button>
      )}
      <Link to="/home" className="app-title">
        {t('brand')}
      </Link>
      {user?.globel_batting ? (
        <Link
          to="/wallet"
          className="wallet-chip"
          aria-label={t('walletBalance', { amount: amountText(user.balance, mode) })}
        >
          <WalletIcon size={18} />
          <span>{amountText(user.balance, mode)}</span>
        </Link>
      ) : (
        <span className="wallet-chip-placeholder" />
      )}
    </header>
  );
}
