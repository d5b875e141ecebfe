import { Page } from '../../components/page';

/** Withdrawal screen; its full build belongs to a later issue. */
export function WithdrawalPage() {
  return <Page title="Withdrawal" />;
}
