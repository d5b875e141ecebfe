import { Page } from '../../components/page';

/** Add Fund screen; its full build belongs to a later issue. */
export function PaymentPage() {
  return <Page title="Add Fund" />;
}
