import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { BackIcon, MenuIcon, WalletIcon } from '../../components/icons';
import { formatRupees } from '../../domain/format';
import { useAppStore } from '../../store/store';

/** Menu icon on /home, a back arrow elsewhere; the balance (with globel_batting) opens /wallet. */
export function Header({ onMenu }: { onMenu: () => void }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const router = useRouter();
  const user = useAppStore((s) => s.user);
  const onHome = pathname === '/home';
  const back = () => {
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: '/home' });
  };
  return (
    <header className="app-header">
      {onHome ? (
        <button type="button" className="icon-button" aria-label="Open menu" onClick={onMenu}>
          <MenuIcon />
        </button>
      ) : (
        <button type="button" className="icon-button" aria-label="Go back" onClick={back}>
          <BackIcon />
        </button>
      )}
      <Link to="/home" className="app-title">
        Matka Play
      </Link>
      {user?.globel_batting ? (
        <Link
          to="/wallet"
          className="wallet-chip"
          aria-label={`Wallet balance ${formatRupees(user.balance)}`}
        >
          <WalletIcon size={18} />
          <span>{formatRupees(user.balance)}</span>
        </Link>
      ) : (
        <span className="wallet-chip-placeholder" />
      )}
    </header>
  );
}
