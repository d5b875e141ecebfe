import { Page } from '../../components/page';

/** Wallet screen; its full build belongs to a later issue. */
export function WalletPage() {
  return <Page title="Wallet" />;
}
